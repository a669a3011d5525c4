# carmine-check: status-only
def f
  X = 1
end
