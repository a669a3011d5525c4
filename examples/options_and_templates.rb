# Parses command lines with optparse and renders an ERB template, 200
# times: a small workload of real standard libraries (README, "Dispatch
# traces").
require 'optparse'
require 'erb'
200.times do |i|
  opts = {}
  OptionParser.new do |o|
    o.on('-v', '--verbose') { opts[:v] = true }
    o.on('-nNAME', '--name NAME', String) { |n| opts[:name] = n }
    o.on('-c', '--count N', Integer) { |n| opts[:count] = n }
  end.parse(%W[-v --name x#{i} -c #{i}])
  ERB.new("<%= opts[:name] %>:<%= opts[:count] %>").result(binding)
end
puts "done"
