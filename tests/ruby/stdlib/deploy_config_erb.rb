require 'yaml'
require 'erb'
require 'optparse'
require 'forwardable'
require 'set'
require 'shellwords'
require 'pathname'
require 'ostruct'

module StringExt
  refine String do
    def squish = strip.gsub(/\s+/, ' ')
    def titleize = split(/[_\s]+/).map(&:capitalize).join(' ')
  end
end

using StringExt

class HostList
  extend Forwardable
  include Enumerable
  def_delegators :@hosts, :size, :empty?, :first
  def_delegator :@hosts, :push, :add

  def initialize(hosts = []) = @hosts = hosts.dup
  def each(&) = @hosts.each(&)
end

CONFIG = <<~YAML
  app: billing_service
  version: 1.4.2
  replicas: 3
  features: [audit, "rate limit", metrics]
  env:
    RAILS_ENV: production
    WORKERS: 4
    TIMEOUT: 2.5
    DEBUG: false
  hosts:
    - name: web-1
      roles: [web, app]
    - name: db-1
      roles: [db]
      port: 5433
    - name: web-2
      roles: [web]
  notes: |
    Deploys   happen
      on  weekdays only.
YAML

cfg = YAML.safe_load(CONFIG)
p cfg['env']
p cfg['features'], cfg['version'].class

options = { dry_run: false, tags: [], level: 1 }
parser = OptionParser.new do |o|
  o.banner = 'Usage: deploy [options] ROLE...'
  o.on('-n', '--dry-run', 'Print only') { options[:dry_run] = true }
  o.on('-t', '--tag TAG', 'Add a tag') { |t| options[:tags] << t }
  o.on('-l', '--level N', Integer, 'Verbosity') { |n| options[:level] = n }
  o.on('--only=ROLES', Array) { |a| options[:only] = a }
end
rest = parser.parse(%w[-n --tag blue -l 3 --only web,db extra arg])
p options, rest
puts parser.help
begin
  parser.parse(%w[--level abc])
rescue OptionParser::InvalidArgument => e
  puts "error: #{e.message}"
end
begin
  parser.parse(%w[--bogus])
rescue OptionParser::InvalidOption => e
  puts "error: #{e.message}"
end

hosts = HostList.new(cfg['hosts'].map { |h| OpenStruct.new(h) })
hosts.add(OpenStruct.new('name' => 'cache-1', 'roles' => ['cache']))
roles = hosts.each_with_object(Hash.new { |h, k| h[k] = Set.new }) do |h, acc|
  h.roles.each { |r| acc[r] << h.name }
end
p roles.transform_values(&:to_a)
p hosts.size, hosts.first.name, hosts.map { |h| h.port || 22 }
selected = hosts.select { |h| (h.roles & options[:only]).any? }.map(&:name)
p selected
p Set[*options[:only]].subset?(Set.new(roles.keys)), (Set[1, 2] | Set[2, 3]).to_a.sort

template = ERB.new(<<~'ERB', trim_mode: '-')
  # <%= cfg['app'].titleize %> v<%= cfg['version'] %>
  <%- hosts.each do |h| -%>
  <%= h.name.ljust(8) %> <%= h.roles.join(',') %><%= " :#{h.port}" if h.port %>
  <%- end -%>
  env: <%= cfg['env'].map { |k, v| "#{k}=#{v}" }.join(' ') %>
  note: <%= cfg['notes'].squish %>
ERB
puts template.result(binding)

cmd = ['deploy', '--app', cfg['app'], '--note', cfg['notes'].squish, "it's"]
line = Shellwords.join(cmd)
puts line
p Shellwords.split(line) == cmd
p 'a "b c" d\ e'.shellsplit

root = Pathname.new('/srv/apps') / cfg['app']
p root.to_s, (root + 'releases/../shared').cleanpath.to_s, root.basename.to_s, root.extname
p Pathname('config/deploy.yml').sub_ext('.json').to_s, Pathname('/a/b/c').relative_path_from(Pathname('/a/d')).to_s

dumped = YAML.dump({ 'app' => cfg['app'], 'hosts' => selected, 'replicas' => cfg['replicas'] * 2, 'ratio' => 0.75, 'sym' => :x })
puts dumped
p YAML.load(dumped, permitted_classes: [Symbol]) rescue p $!
