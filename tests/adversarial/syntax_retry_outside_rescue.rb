# carmine-check: status-only
def f
  retry
end
