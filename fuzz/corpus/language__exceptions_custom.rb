# Custom exception classes, message override, extra data, hierarchy rescue
class AppError < StandardError; end
class DbError < AppError
  def initialize(msg = "database exploded") = super
end
class ValidationError < AppError
  attr_reader :field
  def initialize(field)
    @field = field
    super("invalid #{field}")
  end
end
class CodeError < StandardError
  def message = "code #{@code}"
  def initialize(code) = @code = code
end
[-> { raise DbError }, -> { raise DbError, "custom" }, -> { raise ValidationError.new(:email) },
 -> { raise CodeError.new(7) }, -> { raise AppError }].each do |l|
  begin
    l.call
  rescue ValidationError => e
    puts "validation on #{e.field}: #{e.message}"
  rescue AppError => e
    puts "app error #{e.class}: #{e.message}"
  rescue => e
    puts "other #{e.class}: #{e.message}"
  end
end
p DbError.ancestors.take(4)
p AppError.new.message
p CodeError.new(3).inspect
p ValidationError.new(:x).inspect
p AppError.new("m").inspect
p RuntimeError.new("").inspect
