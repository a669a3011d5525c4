# carmine-check: status-only
nil = 1
