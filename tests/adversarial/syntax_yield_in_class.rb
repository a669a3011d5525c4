# carmine-check: status-only
class X
  yield
end
