# A tiny Rack-like web stack: request parsing, routing with params, middleware.
require 'uri'
require 'json'
require 'time'

class Request
  attr_reader :verb, :path, :query, :headers, :body

  LINE = %r{\A(?<verb>GET|POST|PUT|DELETE|PATCH) (?<target>\S+) HTTP/(?<ver>\d\.\d)\z}

  def self.parse(raw)
    head, body = raw.split("\r\n\r\n", 2)
    lines = head.split("\r\n")
    m = LINE.match(lines.shift) or raise ArgumentError, "bad request line"
    headers = lines.each_with_object({}) do |l, h|
      k, v = l.split(/:\s*/, 2)
      h[k.downcase] = v
    end
    path, qs = m[:target].split('?', 2)
    query = qs ? URI.decode_www_form(qs).to_h : {}
    new(m[:verb], URI.decode_www_form_component(path), query, headers, body.to_s)
  end

  def initialize(verb, path, query, headers, body)
    @verb, @path, @query, @headers, @body = verb, path, query, headers, body
  end

  def json
    @json ||= JSON.parse(body, symbolize_names: true)
  end
end

class Router
  Route = Struct.new(:verb, :pattern, :keys, :handler)

  def initialize
    @routes = []
  end

  %w[get post put delete].each do |verb|
    define_method(verb) do |path, &blk|
      keys = []
      src = path.gsub(/:(\w+)/) { keys << $1.to_sym; '([^/]+)' }
      @routes << Route.new(verb.upcase, /\A#{src}\z/, keys, blk)
    end
  end

  def call(req)
    allowed = []
    @routes.each do |r|
      md = r.pattern.match(req.path) or next
      unless r.verb == req.verb
        allowed << r.verb
        next
      end
      params = r.keys.zip(md.captures).to_h.merge(req.query.transform_keys(&:to_sym))
      return r.handler.call(req, params)
    end
    return [405, { 'allow' => allowed.uniq.join(', ') }, ['method not allowed']] unless allowed.empty?
    [404, {}, ["no route for #{req.path}"]]
  end
end

class Logger1
  def initialize(app, log) = (@app, @log = app, log)
  def call(req)
    status, headers, body = @app.call(req)
    @log << format('%-6s %-22s -> %d (%d bytes)', req.verb, req.path, status, body.sum(&:bytesize))
    [status, headers, body]
  end
end

class ErrorCatcher
  def initialize(app) = @app = app
  def call(req)
    @app.call(req)
  rescue JSON::ParserError => e
    [400, { 'content-type' => 'text/plain' }, ["bad json: #{e.class}"]]
  rescue KeyError => e
    [422, {}, ["missing #{e.key.inspect}"]]
  rescue => e
    [500, {}, ["#{e.class}: #{e.message}"]]
  end
end

class ETag
  def initialize(app) = @app = app
  def call(req)
    status, headers, body = @app.call(req)
    if status == 200
      tag = %("#{body.join.sum.to_s(16)}-#{body.join.bytesize}")
      return [304, { 'etag' => tag }, []] if req.headers['if-none-match'] == tag
      headers = headers.merge('etag' => tag)
    end
    [status, headers, body]
  end
end

DB = { 1 => { id: 1, title: 'Write parser', done: false, tags: %w[core] },
       2 => { id: 2, title: 'Ship it', done: true, tags: [] } }
next_id = 3

app = Router.new
app.get('/todos') do |_req, params|
  list = DB.values
  list = list.select { |t| t[:done].to_s == params[:done] } if params[:done]
  list = list.sort_by { |t| t[params.fetch(:sort, 'id').to_sym].to_s } 
  [200, { 'content-type' => 'application/json' }, [JSON.generate(list)]]
end
app.get('/todos/:id') do |_req, params|
  t = DB.fetch(Integer(params[:id])) { next [404, {}, ["todo #{params[:id]} not found"]] }
  [200, {}, [JSON.pretty_generate(t)]]
end
app.post('/todos') do |req, _|
  data = req.json
  t = { id: next_id, title: data.fetch(:title), done: false, tags: Array(data[:tags]) }
  DB[next_id] = t
  next_id += 1
  [201, { 'location' => "/todos/#{t[:id]}" }, [t.to_json]]
end
app.delete('/todos/:id') do |_, params|
  DB.delete(Integer(params[:id])) ? [204, {}, []] : [404, {}, ['gone']]
end
app.get('/search/:term/in/:field') do |_, p|
  hits = DB.values.select { |t| t[p[:field].to_sym].to_s.include?(p[:term]) }
  [200, {}, [hits.map { |h| h[:id] }.inspect]]
end

log = []
stack = ErrorCatcher.new(Logger1.new(ETag.new(app), log))

def req(verb, target, body = nil, headers = {})
  h = headers.map { |k, v| "#{k}: #{v}" }
  raw = ["#{verb} #{target} HTTP/1.1", 'Host: example.test', *h].join("\r\n") + "\r\n\r\n" + body.to_s
  Request.parse(raw)
end

requests = [
  req('GET', '/todos'),
  req('GET', '/todos?done=true'),
  req('GET', '/todos?sort=title'),
  req('GET', '/todos/1'),
  req('GET', '/todos/99'),
  req('GET', '/todos/abc'),
  req('POST', '/todos', '{"title":"Caf\u00e9 run","tags":["errand","food"]}'),
  req('POST', '/todos', '{"title": '),
  req('POST', '/todos', '{"name":"x"}'),
  req('PUT', '/todos/1'),
  req('DELETE', '/todos/2'),
  req('DELETE', '/todos/2'),
  req('GET', '/search/Caf%C3%A9/in/title'),
  req('GET', '/nowhere%20at%20all'),
]
first = nil
requests.each do |r|
  status, headers, body = stack.call(r)
  first ||= headers['etag']
  puts "#{r.verb} #{r.path} #{r.query.inspect}"
  puts "  #{status} #{headers.sort.to_h}"
  body.each { |b| b.each_line { |l| puts "  | #{l.chomp}" } }
end
status, headers, _ = stack.call(req('GET', '/todos', nil, 'If-None-Match' => first))
puts "conditional: #{status} #{headers}"
puts log
begin
  Request.parse("BREW /pot HTTP/1.1\r\n\r\n")
rescue ArgumentError => e
  puts "parse error: #{e.message}"
end
puts Time.utc(2026, 11, 29, 8, 5, 3).httpdate
puts Time.httpdate('Sun, 29 Nov 2026 08:05:03 GMT').iso8601
