# Integer()/Float() conversion errors and exception: false
["12", "0x1f", " 7 ", "1e3", "abc", "", "12abc", nil, "1_000", "1__0", "0b102"].each do |s|
  begin
    puts "Integer(#{s.inspect}) = #{Integer(s).inspect}"
  rescue ArgumentError, TypeError => e
    puts "Integer(#{s.inspect}) raised #{e.class}: #{e.message}"
  end
end
["1.5", "1e3", ".5", "abc", "1.5x", "", nil].each do |s|
  begin
    puts "Float(#{s.inspect}) = #{Float(s).inspect}"
  rescue ArgumentError, TypeError => e
    puts "Float(#{s.inspect}) raised #{e.class}: #{e.message}"
  end
end
p Integer("zz", exception: false), Float("x", exception: false), Integer("12", exception: false)
p Integer(12.9), Integer(-12.9), Float(2)
begin
  Integer(Float::NAN)
rescue FloatDomainError => e
  p e.message
end
