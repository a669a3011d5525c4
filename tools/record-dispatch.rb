# frozen_string_literal: true
#
# Records a dispatch trace (doc/trace-format.md) of a program run by CRuby
# 3.1, for `carmine replay`:
#
#   CARMINE_RECORD_DISPATCH=app.cmdt ruby -r ./tools/record-dispatch.rb app.rb
#
# Calls come from TracePoint (:call, :c_call; the call site from
# caller_locations, the receiver's class, the owner that answered), class
# bodies from :class, method definitions and removals from method_added /
# method_removed / method_undefined / singleton_method_added hooks, and
# include / prepend / extend from included / prepended / extended hooks
# (prepended to Module and BasicObject, so an application's own hook that
# does not call super hides its events). An object's own singleton class
# is recorded (event 38) when a singleton method is defined on it or it
# is extended, and is its receiver class from then on; a call through
# `public_send` is a lookup of kind `send`, a call that reached
# `method_missing` a call of the missing name at its site and a lookup of
# kind `method_missing` (doc/trace-format.md lists what is approximate).
# Slow (a backtrace frame per call): meant for recording, not production.

module CarmineRecordDispatch
  PATH = ENV['CARMINE_RECORD_DISPATCH']
  THIS_FILE = __FILE__

  STR = 1
  SYM = 2
  KLASS = 3
  SITE = 4
  CALL = 16
  METHOD = 32
  ANCESTRY = 33
  CLASS_CREATED = 34
  LOOKUP = 19
  SINGLETON = 38
  PROGRAM_START = 49

  # Reason codes (doc/trace-format.md).
  DEFINED = 0
  REMOVED = 2
  UNDEFINED = 3
  SINGLETON_METHOD = 6
  INCLUDE = 7
  PREPEND = 8
  EXTEND = 9
  CLASS_DEFINED = 10
  MODULE_DEFINED = 11

  # Lookup kinds (event 19).
  KIND_SEND = 1
  KIND_METHOD_MISSING = 2

  # Safe on any receiver, BasicObject's included.
  CLASS_OF = Kernel.instance_method(:class)
  SINGLETON_CLASS_OF = Kernel.instance_method(:singleton_class)

  @buf = String.new(capacity: 1 << 20, encoding: Encoding::BINARY)
  @strs = {}
  @syms = {}
  @classes = {}.compare_by_identity
  @sites = {}
  @singletons = ObjectSpace::WeakMap.new
  @busy = false

  class << self
    attr_accessor :busy

    def varint(n)
      while n >= 0x80
        @buf << ((n & 0x7f) | 0x80)
        n >>= 7
      end
      @buf << n
    end

    def string(s)
      s = s.b
      varint(s.bytesize)
      @buf << s
    end

    def str_id(s)
      @strs[s] ||= begin
        id = @strs.size + 1
        @buf << STR
        varint(id)
        string(s)
        id
      end
    end

    def sym_id(name)
      @syms[name] ||= begin
        id = @syms.size + 1
        @buf << SYM
        varint(id)
        string(name.to_s)
        id
      end
    end

    def class_id(mod)
      id = @classes[mod]
      return id if id

      id = @classes.size + 1
      @classes[mod] = id
      sup = mod.is_a?(Class) ? mod.superclass : nil
      sup_id = sup ? class_id(sup) + 1 : 0
      name = mod.name || mod.inspect
      name_id = str_id(name)
      kind = if !mod.is_a?(Class) then 1
             elsif mod.singleton_class? then 2
             else 0
             end
      @buf << KLASS
      varint(id)
      varint(name_id)
      varint(sup_id)
      varint(kind)
      id
    end

    def site_id(path, line, name)
      key = "#{path}:#{line}:#{name}"
      @sites[key] ||= begin
        id = @sites.size
        file = str_id(path)
        sym = sym_id(name)
        @buf << SITE
        varint(id)
        varint(file)
        varint(line)
        varint(sym)
        varint(0)
        id
      end
    end

    # The class whose method table answers `recv`: a module's singleton
    # class, an object's own singleton class once it has one, else its
    # class.
    def receiver_class(recv)
      return recv.singleton_class if Module === recv

      @singletons[recv] || CLASS_OF.bind_call(recv)
    end

    # `obj` has its own singleton class now (a singleton method, extend).
    def singleton_of(obj)
      return if @busy || Module === obj || @singletons.key?(obj)

      @busy = true
      sc = SINGLETON_CLASS_OF.bind_call(obj)
      @singletons[obj] = sc
      sid = class_id(sc)
      cid = class_id(CLASS_OF.bind_call(obj))
      @buf << SINGLETON
      varint(sid)
      varint(cid)
    rescue TypeError
      nil # an object that cannot have one (Integer, Symbol)
    ensure
      @busy = false
    end

    # A call event: `loc` is the caller's frame (`public_send`'s own when
    # it made the call).
    def call(tp, loc)
      return unless loc

      name = tp.method_id || :'?'
      cls = class_id(receiver_class(tp.self))
      if loc.label == 'public_send'
        lookup(cls, name, KIND_SEND)
      elsif name == :method_missing && loc.label != 'method_missing'
        missing = tp.event == :call && missing_name(tp)
        site_call(loc, missing, cls, 0) if missing
        lookup(cls, name, KIND_METHOD_MISSING)
      else
        owner = tp.defined_class ? class_id(tp.defined_class) + 1 : 0
        site_call(loc, name, cls, owner)
      end
      flush if @buf.bytesize > (1 << 20)
    end

    def site_call(loc, name, cls, owner)
      site = site_id(loc.path || '-', loc.lineno, name)
      @buf << CALL
      varint(site)
      varint(cls)
      varint(owner)
    end

    def lookup(cls, name, kind)
      sym = sym_id(name)
      @buf << LOOKUP
      varint(cls)
      varint(sym)
      varint(kind)
    end

    # The name a Ruby-defined method_missing was called for: its first
    # parameter (or the first of its rest parameter), when named.
    def missing_name(tp)
      kind, param = tp.parameters.first
      return nil unless param

      v = tp.binding.local_variable_get(param)
      v = v.first if kind == :rest
      v.is_a?(Symbol) ? v : nil
    rescue StandardError
      nil
    end

    # The class and every class that finds methods through it.
    def descendants(mod)
      out = [mod]
      if mod.singleton_class? && Class === (attached = attached_of(mod))
        out.concat(subclasses_of(attached).map(&:singleton_class))
      elsif mod.is_a?(Class)
        out.concat(subclasses_of(mod))
      else
        ObjectSpace.each_object(Module) do |k|
          out << k if !k.equal?(mod) && k.include?(mod)
        end
      end
      out
    end

    def subclasses_of(c)
      c.subclasses.flat_map { |s| [s, *subclasses_of(s)] }
    end

    def attached_of(sc)
      ObjectSpace.each_object(sc).first
    rescue StandardError
      nil
    end

    # (Ids first: a class's table entry must not land inside the event.)
    def ids(list)
      list.map { |c| class_id(c) }
    end

    def put_ids(ids)
      varint(ids.size)
      ids.each { |i| varint(i) }
    end

    def method_changed(mod, name, reason)
      return if @busy

      @busy = true
      cid = class_id(mod)
      desc = ids(descendants(mod))
      sym = sym_id(name)
      @buf << METHOD
      varint(cid)
      varint(sym)
      varint(reason)
      put_ids(desc)
    ensure
      @busy = false
    end

    def ancestry_changed(mod, reason)
      return if @busy

      @busy = true
      cid = class_id(mod)
      desc = ids(descendants(mod))
      anc = ids(mod.ancestors)
      @buf << ANCESTRY
      varint(cid)
      varint(reason)
      put_ids(desc)
      put_ids(anc)
    ensure
      @busy = false
    end

    def class_created(mod)
      return if @classes.key?(mod)

      cid = class_id(mod)
      @buf << CLASS_CREATED
      varint(cid)
      varint(mod.is_a?(Class) ? CLASS_DEFINED : MODULE_DEFINED)
    end

    def start
      @file = File.open(PATH, 'wb')
      @buf << 'CMDT'.b
      varint(1)          # format version
      varint(2)          # CRuby 3.1: per-method invalidation,
      varint(1)          # monomorphic call caches,
      varint(0)          # no global method cache,
      varint(1)          # per-class call-cache tables.
      string("#{RUBY_DESCRIPTION} (tools/record-dispatch.rb)")
      @buf << PROGRAM_START
    end

    def flush
      @file.write(@buf)
      @buf.clear
    end

    def finish
      @trace.disable
      flush
      @file.close
    end

    attr_accessor :trace
  end

  # Method and hierarchy hooks, prepended so application classes keep
  # their own.
  module ModuleHooks
    def method_added(name)
      CarmineRecordDispatch.method_changed(self, name, DEFINED)
      super
    end

    def method_removed(name)
      CarmineRecordDispatch.method_changed(self, name, REMOVED)
      super
    end

    def method_undefined(name)
      CarmineRecordDispatch.method_changed(self, name, UNDEFINED)
      super
    end

    def included(base)
      CarmineRecordDispatch.ancestry_changed(base, INCLUDE)
      super
    end

    def prepended(base)
      CarmineRecordDispatch.ancestry_changed(base, PREPEND)
      super
    end

    def extended(obj)
      CarmineRecordDispatch.singleton_of(obj)
      CarmineRecordDispatch.ancestry_changed(obj.singleton_class, EXTEND)
      super
    end
  end

  module ObjectHooks
    def singleton_method_added(name)
      CarmineRecordDispatch.singleton_of(self)
      sc = SINGLETON_CLASS_OF.bind_call(self)
      CarmineRecordDispatch.method_changed(sc, name, SINGLETON_METHOD)
      super
    end
  end
end

if CarmineRecordDispatch::PATH && !CarmineRecordDispatch::PATH.empty?
  CarmineRecordDispatch.start
  Module.prepend(CarmineRecordDispatch::ModuleHooks)
  BasicObject.prepend(CarmineRecordDispatch::ObjectHooks)
  CarmineRecordDispatch.trace = TracePoint.new(:call, :c_call, :class) do |tp|
    next if CarmineRecordDispatch.busy || tp.path == CarmineRecordDispatch::THIS_FILE

    CarmineRecordDispatch.busy = true
    begin
      case tp.event
      when :class
        CarmineRecordDispatch.class_created(tp.self)
      else
        # The method's own frame comes first for :call, not for :c_call.
        loc = caller_locations(tp.event == :call ? 2 : 1, 1)&.first
        CarmineRecordDispatch.call(tp, loc)
      end
    ensure
      CarmineRecordDispatch.busy = false
    end
  end
  at_exit { CarmineRecordDispatch.finish }
  CarmineRecordDispatch.trace.enable
end
