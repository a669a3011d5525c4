# carmine-check: status-only
def f
  class X; end
end
