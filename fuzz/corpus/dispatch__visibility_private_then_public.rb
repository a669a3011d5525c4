# Making a method private invalidates explicit-receiver sites; public restores them
class Vault
  def open = "opened"
  def inspect = "#<Vault>"
end
def site(v) = v.open
v = Vault.new
5.times { site(v) }
p site(v)
Vault.send(:private, :open)
begin
  site(v)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
Vault.send(:public, :open)
p site(v)
Vault.send(:protected, :open)
begin
  site(v)
rescue NoMethodError => e
  puts e.message.lines.first.chomp
end
