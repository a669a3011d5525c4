# carmine-check: status-only
x = 1..
.. 2 ..
