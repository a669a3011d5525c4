# carmine-check: status-only
x = %w(a b c
