class NumErr < StandardError
  def to_s = 42
end
raise NumErr
