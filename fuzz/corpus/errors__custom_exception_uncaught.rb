# Uncaught custom exception class with message
class InventoryError < StandardError; end
class Store
  def take(n)
    raise InventoryError, "only 3 left, wanted #{n}" if n > 3
    n
  end
end
s = Store.new
p s.take(2)
s.take(5)
