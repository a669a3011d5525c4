# carmine-check: status-only
def f(n) = f(n + 1)
f(0)
