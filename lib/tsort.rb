# frozen_string_literal: true
#
# TSort: topological sorting and strongly connected components (Tarjan),
# the API of CRuby's tsort.rb: include it and define tsort_each_node and
# tsort_each_child, or use the module functions with callables.
module TSort
  class Cyclic < StandardError; end

  def tsort = TSort.tsort(method(:tsort_each_node), method(:tsort_each_child))

  def tsort_each(&block)
    TSort.tsort_each(method(:tsort_each_node), method(:tsort_each_child), &block)
  end

  def strongly_connected_components
    TSort.strongly_connected_components(method(:tsort_each_node), method(:tsort_each_child))
  end

  def each_strongly_connected_component(&block)
    TSort.each_strongly_connected_component(method(:tsort_each_node), method(:tsort_each_child), &block)
  end

  def each_strongly_connected_component_from(node, id_map = {}, stack = [], &block)
    TSort.each_strongly_connected_component_from(node, method(:tsort_each_child), id_map, stack, &block)
  end

  def tsort_each_node
    raise NotImplementedError
  end

  def tsort_each_child(node)
    raise NotImplementedError
  end

  def self.tsort(each_node, each_child)
    tsort_each(each_node, each_child).to_a
  end

  def self.tsort_each(each_node, each_child)
    return to_enum(__method__, each_node, each_child) unless block_given?
    each_strongly_connected_component(each_node, each_child) do |component|
      if component.size == 1
        yield component.first
      else
        raise Cyclic, "topological sort failed: #{component.inspect}"
      end
    end
  end

  def self.strongly_connected_components(each_node, each_child)
    each_strongly_connected_component(each_node, each_child).to_a
  end

  def self.each_strongly_connected_component(each_node, each_child, &block)
    return to_enum(__method__, each_node, each_child) unless block
    id_map = {}
    stack = []
    each_node.call do |node|
      unless id_map.include?(node)
        each_strongly_connected_component_from(node, each_child, id_map, stack, &block)
      end
    end
    nil
  end

  # Tarjan's algorithm, recursive (graphs of ordinary size).
  def self.each_strongly_connected_component_from(node, each_child, id_map = {}, stack = [], &block)
    return to_enum(__method__, node, each_child, id_map, stack) unless block
    low = {}
    visit = lambda do |v|
      id_map[v] = low[v] = id_map.size
      stack.push(v)
      each_child.call(v) do |w|
        if !id_map.include?(w)
          visit.call(w)
          low[v] = low[w] if low[w] < low[v]
        elsif stack.include?(w)
          low[v] = id_map[w] if id_map[w] < low[v]
        end
      end
      if low[v] == id_map[v]
        component = []
        loop do
          w = stack.pop
          component << w
          break if w.equal?(v) || w == v
        end
        block.call(component.reverse)
      end
    end
    visit.call(node)
    nil
  end
end
