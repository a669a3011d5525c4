# carmine-check: status-only
def foo
  if true
    1
end
