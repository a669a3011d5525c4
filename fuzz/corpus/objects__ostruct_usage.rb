# OpenStruct from require 'ostruct'
require "ostruct"
os = OpenStruct.new(name: "Ann", age: 30)
p os.name, os.age, os.missing
os.email = "a@x"
p os.email
p os[:name], os["age"]
os[:age] = 31
p os.age
p os.to_h
p os.respond_to?(:email), os.respond_to?(:nope)
p os
os.delete_field(:email)
p os.to_h
p os == OpenStruct.new(name: "Ann", age: 31)
p os.dig(:name)
os2 = OpenStruct.new
os2.list = [1, 2]
os2.list << 3
p os2.list
p os2.each_pair.to_a
