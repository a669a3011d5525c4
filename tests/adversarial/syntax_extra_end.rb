# carmine-check: status-only
puts 1
end
