# A directory put first in $LOAD_PATH shadows any library of the same name;
# require and load search $LOAD_PATH in order; $LOADED_FEATURES gets the
# real path; a failing file is not recorded (a second require retries).
dir = "/tmp/carmine_golden_lp_#{$$}"
Dir.mkdir(dir)
begin
  File.write("#{dir}/set.rb", "puts 'my own set'\nMY_SET = 1\n")
  File.write("#{dir}/broken_lib.rb", "puts 'trying'\nraise 'broken'\n")
  File.write("#{dir}/loadme.rb", "puts 'loaded again'\n")
  $LOAD_PATH.unshift(dir)
  p require("set"), MY_SET, require("set")
  p $LOADED_FEATURES.include?(File.realpath("#{dir}/set.rb"))
  2.times do
    require "broken_lib"
  rescue RuntimeError => e
    p e.message
  end
  p $LOADED_FEATURES.any? { _1.include?("broken_lib") }
  p load("loadme.rb"), load("loadme.rb")
ensure
  Dir.children(dir).each { File.delete("#{dir}/#{_1}") }
  Dir.rmdir(dir)
end
