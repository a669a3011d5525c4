# carmine-check: status-only
@1 = 2
