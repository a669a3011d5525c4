# carmine-check: status-only
[1].each { |x| p _1 }
