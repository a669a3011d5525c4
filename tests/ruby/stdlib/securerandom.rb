require 'securerandom'
p SecureRandom.hex.size, SecureRandom.hex(5).size, SecureRandom.hex(0)
p SecureRandom.hex =~ /\A\h{32}\z/
p SecureRandom.uuid =~ /\A\h{8}-\h{4}-4\h{3}-[89ab]\h{3}-\h{12}\z/
p SecureRandom.alphanumeric.size, SecureRandom.alphanumeric(40) =~ /\A[A-Za-z0-9]{40}\z/
p SecureRandom.base64.size, SecureRandom.base64(5) =~ /\A[A-Za-z0-9+\/]{7}=\z/
p SecureRandom.urlsafe_base64 =~ /\A[A-Za-z0-9_-]{22}\z/, SecureRandom.urlsafe_base64(16, true).end_with?("==")
p SecureRandom.bytes(7).bytesize, SecureRandom.random_bytes.bytesize, SecureRandom.random_bytes(3).bytesize
p SecureRandom.gen_random(4).bytesize
r = (1..200).map { SecureRandom.random_number(10) }
p r.all? { |x| x.is_a?(Integer) && x >= 0 && x < 10 }, r.uniq.size > 5
f = SecureRandom.random_number
p f.class, f >= 0 && f < 1
p SecureRandom.random_number(2.5).then { |x| x.is_a?(Float) && x < 2.5 }
p (1..100).map { SecureRandom.random_number(5..7) }.uniq.sort
p (1..100).map { SecureRandom.random_number(5...7) }.uniq.sort
p SecureRandom.random_number(0).class, SecureRandom.random_number(-3).class
big = SecureRandom.random_number(2**100)
p big.is_a?(Integer), big < 2**100, big >= 0
p SecureRandom.rand(3).between?(0, 2)
p Random.urandom(12).bytesize, Random.bytes(5).bytesize, Random.random_number(4).between?(0, 3)
p Random.new(42).random_number(100), Random.new(42).rand(100), Random.new(42).random_number(-1).class
p Random.ancestors.include?(Random::Formatter), Random::Formatter.instance_methods(false).sort
def t; yield; rescue Exception => e; puts "#{e.class}: #{e.message.lines.first.chomp}"; end
t { Random.urandom(-1) }
t { Random.urandom("x") }
t { SecureRandom.random_number("x") }
t { SecureRandom.hex("x") }
t { SecureRandom.random_bytes(-1) }
t { SecureRandom.random_number(1, 2) }
p SecureRandom.random_bytes.encoding, Random.urandom(2).encoding, Random.new(1).bytes(2).encoding
