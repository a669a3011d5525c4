# frozen_string_literal: true
#
# The Observer pattern (CRuby's observer.rb API): add_observer,
# changed / changed?, notify_observers, count_observers.
module Observable
  def add_observer(observer, func = :update)
    @observer_peers ||= {}
    unless observer.respond_to?(func)
      raise NoMethodError, "observer does not respond to `#{func}'"
    end
    @observer_peers[observer] = func
  end

  def delete_observer(o)
    @observer_peers&.delete(o)
  end

  def delete_observers
    @observer_peers&.clear
  end

  def count_observers
    @observer_peers ? @observer_peers.size : 0
  end

  def changed(state = true)
    @observer_state = state
  end

  def changed?
    !!(defined?(@observer_state) && @observer_state)
  end

  def notify_observers(*arg)
    if defined?(@observer_state) && @observer_state
      @observer_peers&.each { |k, v| k.__send__(v, *arg) }
      @observer_state = false
    end
  end
end
