# carmine-check: status-only
def f(class); end
