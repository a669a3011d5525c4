# carmine-check: status-only
def f(a, a); end
