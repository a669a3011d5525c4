# frozen_string_literal: true
#
# carmine's socket.so, a skeleton: the classes the installed socket.rb
# reopens (BasicSocket, IPSocket, TCPSocket, TCPServer, UDPSocket,
# UNIXSocket, UNIXServer, Socket, Addrinfo, SocketError), every constant
# of Socket::Constants with Linux's values (what CRuby's socket.so has on
# x86_64 Linux), and Socket.gethostname. Enough for libraries that only
# name the constants (ipaddr). carmine has no network I/O: making a
# socket raises NotImplementedError.
class SocketError < StandardError; end

class BasicSocket < IO
  def self.new(*)
    raise NotImplementedError, "#{self}: carmine does not support sockets"
  end

  def self.for_fd(*)
    raise NotImplementedError, "#{self}: carmine does not support sockets"
  end
end

class IPSocket < BasicSocket
  # An address literal as is; a name from /etc/hosts (no DNS: carmine
  # does no network I/O). resolv-replace redefines it over Resolv.
  def self.getaddress(host)
    host = host.to_str
    return host if host.match?(/\A\d{1,3}(\.\d{1,3}){3}\z/) || (host.include?(":") && host.match?(/\A[\h:.]+\z/))
    File.foreach("/etc/hosts") do |line|
      addr, *names = line.sub(/#.*/, "").split
      return addr if addr && names.include?(host)
    end if File.readable?("/etc/hosts")
    raise SocketError, "getaddrinfo: Name or service not known"
  end
end
class TCPSocket < IPSocket; end
class TCPServer < TCPSocket; end
class UDPSocket < IPSocket
  # (Never reached: a UDPSocket cannot be made. Defined so that
  # resolv-replace can wrap them.)
  %i[bind connect send].each do |m|
    define_method(m) { |*| raise NotImplementedError, "#{self.class}##{m}: carmine does not support sockets" }
  end
end
class UNIXSocket < BasicSocket; end
class UNIXServer < UNIXSocket; end

class Socket < BasicSocket
  module Constants
    AF_ALG = 38
    AF_APPLETALK = 5
    AF_AX25 = 3
    AF_BLUETOOTH = 31
    AF_CAN = 29
    AF_DECnet = 12
    AF_IB = 27
    AF_INET = 2
    AF_INET6 = 10
    AF_IPX = 4
    AF_ISDN = 34
    AF_KCM = 41
    AF_KEY = 15
    AF_LLC = 26
    AF_LOCAL = 1
    AF_MAX = 46
    AF_MPLS = 28
    AF_NETLINK = 16
    AF_PACKET = 17
    AF_PPPOX = 24
    AF_RDS = 21
    AF_ROUTE = 16
    AF_SNA = 22
    AF_TIPC = 30
    AF_UNIX = 1
    AF_UNSPEC = 0
    AF_VSOCK = 40
    AF_XDP = 44
    AI_ADDRCONFIG = 32
    AI_ALL = 16
    AI_CANONNAME = 2
    AI_NUMERICHOST = 4
    AI_NUMERICSERV = 1024
    AI_PASSIVE = 1
    AI_V4MAPPED = 8
    EAI_ADDRFAMILY = -9
    EAI_AGAIN = -3
    EAI_BADFLAGS = -1
    EAI_FAIL = -4
    EAI_FAMILY = -6
    EAI_MEMORY = -10
    EAI_NODATA = -5
    EAI_NONAME = -2
    EAI_OVERFLOW = -12
    EAI_SERVICE = -8
    EAI_SOCKTYPE = -7
    EAI_SYSTEM = -11
    IFF_ALLMULTI = 512
    IFF_AUTOMEDIA = 16384
    IFF_BROADCAST = 2
    IFF_DEBUG = 4
    IFF_DYNAMIC = 32768
    IFF_LOOPBACK = 8
    IFF_MASTER = 1024
    IFF_MULTICAST = 4096
    IFF_NOARP = 128
    IFF_NOTRAILERS = 32
    IFF_POINTOPOINT = 16
    IFF_PORTSEL = 8192
    IFF_PROMISC = 256
    IFF_RUNNING = 64
    IFF_SLAVE = 2048
    IFF_UP = 1
    IFNAMSIZ = 16
    IF_NAMESIZE = 16
    INADDR_ALLHOSTS_GROUP = 3758096385
    INADDR_ANY = 0
    INADDR_BROADCAST = 4294967295
    INADDR_LOOPBACK = 2130706433
    INADDR_MAX_LOCAL_GROUP = 3758096639
    INADDR_NONE = 4294967295
    INADDR_UNSPEC_GROUP = 3758096384
    INET6_ADDRSTRLEN = 46
    INET_ADDRSTRLEN = 16
    IPPORT_RESERVED = 1024
    IPPORT_USERRESERVED = 5000
    IPPROTO_AH = 51
    IPPROTO_DSTOPTS = 60
    IPPROTO_EGP = 8
    IPPROTO_ESP = 50
    IPPROTO_FRAGMENT = 44
    IPPROTO_HOPOPTS = 0
    IPPROTO_ICMP = 1
    IPPROTO_ICMPV6 = 58
    IPPROTO_IDP = 22
    IPPROTO_IGMP = 2
    IPPROTO_IP = 0
    IPPROTO_IPV6 = 41
    IPPROTO_NONE = 59
    IPPROTO_PUP = 12
    IPPROTO_RAW = 255
    IPPROTO_ROUTING = 43
    IPPROTO_TCP = 6
    IPPROTO_TP = 29
    IPPROTO_UDP = 17
    IPV6_CHECKSUM = 7
    IPV6_DONTFRAG = 62
    IPV6_DSTOPTS = 59
    IPV6_HOPLIMIT = 52
    IPV6_HOPOPTS = 54
    IPV6_JOIN_GROUP = 20
    IPV6_LEAVE_GROUP = 21
    IPV6_MULTICAST_HOPS = 18
    IPV6_MULTICAST_IF = 17
    IPV6_MULTICAST_LOOP = 19
    IPV6_NEXTHOP = 9
    IPV6_PATHMTU = 61
    IPV6_PKTINFO = 50
    IPV6_RECVDSTOPTS = 58
    IPV6_RECVHOPLIMIT = 51
    IPV6_RECVHOPOPTS = 53
    IPV6_RECVPATHMTU = 60
    IPV6_RECVPKTINFO = 49
    IPV6_RECVRTHDR = 56
    IPV6_RECVTCLASS = 66
    IPV6_RTHDR = 57
    IPV6_RTHDRDSTOPTS = 55
    IPV6_RTHDR_TYPE_0 = 0
    IPV6_TCLASS = 67
    IPV6_UNICAST_HOPS = 16
    IPV6_V6ONLY = 26
    IP_ADD_MEMBERSHIP = 35
    IP_ADD_SOURCE_MEMBERSHIP = 39
    IP_BLOCK_SOURCE = 38
    IP_DEFAULT_MULTICAST_LOOP = 1
    IP_DEFAULT_MULTICAST_TTL = 1
    IP_DROP_MEMBERSHIP = 36
    IP_DROP_SOURCE_MEMBERSHIP = 40
    IP_FREEBIND = 15
    IP_HDRINCL = 3
    IP_IPSEC_POLICY = 16
    IP_MAX_MEMBERSHIPS = 20
    IP_MINTTL = 21
    IP_MSFILTER = 41
    IP_MTU = 14
    IP_MTU_DISCOVER = 10
    IP_MULTICAST_IF = 32
    IP_MULTICAST_LOOP = 34
    IP_MULTICAST_TTL = 33
    IP_OPTIONS = 4
    IP_PASSSEC = 18
    IP_PKTINFO = 8
    IP_PKTOPTIONS = 9
    IP_PMTUDISC_DO = 2
    IP_PMTUDISC_DONT = 0
    IP_PMTUDISC_WANT = 1
    IP_RECVERR = 11
    IP_RECVOPTS = 6
    IP_RECVRETOPTS = 7
    IP_RECVTOS = 13
    IP_RECVTTL = 12
    IP_RETOPTS = 7
    IP_ROUTER_ALERT = 5
    IP_TOS = 1
    IP_TRANSPARENT = 19
    IP_TTL = 2
    IP_UNBLOCK_SOURCE = 37
    IP_XFRM_POLICY = 17
    MCAST_BLOCK_SOURCE = 43
    MCAST_EXCLUDE = 0
    MCAST_INCLUDE = 1
    MCAST_JOIN_GROUP = 42
    MCAST_JOIN_SOURCE_GROUP = 46
    MCAST_LEAVE_GROUP = 45
    MCAST_LEAVE_SOURCE_GROUP = 47
    MCAST_MSFILTER = 48
    MCAST_UNBLOCK_SOURCE = 44
    MSG_CONFIRM = 2048
    MSG_CTRUNC = 8
    MSG_DONTROUTE = 4
    MSG_DONTWAIT = 64
    MSG_EOR = 128
    MSG_ERRQUEUE = 8192
    MSG_FASTOPEN = 536870912
    MSG_FIN = 512
    MSG_MORE = 32768
    MSG_NOSIGNAL = 16384
    MSG_OOB = 1
    MSG_PEEK = 2
    MSG_PROXY = 16
    MSG_RST = 4096
    MSG_SYN = 1024
    MSG_TRUNC = 32
    MSG_WAITALL = 256
    NI_DGRAM = 16
    NI_MAXHOST = 1025
    NI_MAXSERV = 32
    NI_NAMEREQD = 8
    NI_NOFQDN = 4
    NI_NUMERICHOST = 1
    NI_NUMERICSERV = 2
    PF_ALG = 38
    PF_APPLETALK = 5
    PF_AX25 = 3
    PF_BLUETOOTH = 31
    PF_CAN = 29
    PF_DECnet = 12
    PF_IB = 27
    PF_INET = 2
    PF_INET6 = 10
    PF_IPX = 4
    PF_ISDN = 34
    PF_KCM = 41
    PF_KEY = 15
    PF_LLC = 26
    PF_LOCAL = 1
    PF_MAX = 46
    PF_MPLS = 28
    PF_NETLINK = 16
    PF_PACKET = 17
    PF_PPPOX = 24
    PF_RDS = 21
    PF_ROUTE = 16
    PF_SNA = 22
    PF_TIPC = 30
    PF_UNIX = 1
    PF_UNSPEC = 0
    PF_VSOCK = 40
    PF_XDP = 44
    SCM_CREDENTIALS = 2
    SCM_RIGHTS = 1
    SCM_TIMESTAMP = 29
    SCM_TIMESTAMPING = 37
    SCM_TIMESTAMPNS = 35
    SCM_WIFI_STATUS = 41
    SHUT_RD = 0
    SHUT_RDWR = 2
    SHUT_WR = 1
    SOCK_CLOEXEC = 524288
    SOCK_DGRAM = 2
    SOCK_NONBLOCK = 2048
    SOCK_PACKET = 10
    SOCK_RAW = 3
    SOCK_RDM = 4
    SOCK_SEQPACKET = 5
    SOCK_STREAM = 1
    SOL_IP = 0
    SOL_SOCKET = 1
    SOL_TCP = 6
    SOL_UDP = 17
    SOMAXCONN = 4096
    SO_ACCEPTCONN = 30
    SO_ATTACH_FILTER = 26
    SO_BINDTODEVICE = 25
    SO_BPF_EXTENSIONS = 48
    SO_BROADCAST = 6
    SO_BUSY_POLL = 46
    SO_DEBUG = 1
    SO_DETACH_FILTER = 27
    SO_DOMAIN = 39
    SO_DONTROUTE = 5
    SO_ERROR = 4
    SO_GET_FILTER = 26
    SO_KEEPALIVE = 9
    SO_LINGER = 13
    SO_LOCK_FILTER = 44
    SO_MARK = 36
    SO_MAX_PACING_RATE = 47
    SO_NOFCS = 43
    SO_NO_CHECK = 11
    SO_OOBINLINE = 10
    SO_PASSCRED = 16
    SO_PASSSEC = 34
    SO_PEEK_OFF = 42
    SO_PEERCRED = 17
    SO_PEERNAME = 28
    SO_PEERSEC = 31
    SO_PRIORITY = 12
    SO_PROTOCOL = 38
    SO_RCVBUF = 8
    SO_RCVBUFFORCE = 33
    SO_RCVLOWAT = 18
    SO_RCVTIMEO = 20
    SO_REUSEADDR = 2
    SO_REUSEPORT = 15
    SO_RXQ_OVFL = 40
    SO_SECURITY_AUTHENTICATION = 22
    SO_SECURITY_ENCRYPTION_NETWORK = 24
    SO_SECURITY_ENCRYPTION_TRANSPORT = 23
    SO_SELECT_ERR_QUEUE = 45
    SO_SNDBUF = 7
    SO_SNDBUFFORCE = 32
    SO_SNDLOWAT = 19
    SO_SNDTIMEO = 21
    SO_TIMESTAMP = 29
    SO_TIMESTAMPING = 37
    SO_TIMESTAMPNS = 35
    SO_TYPE = 3
    SO_WIFI_STATUS = 41
    TCP_CONGESTION = 13
    TCP_COOKIE_TRANSACTIONS = 15
    TCP_CORK = 3
    TCP_DEFER_ACCEPT = 9
    TCP_FASTOPEN = 23
    TCP_INFO = 11
    TCP_KEEPCNT = 6
    TCP_KEEPIDLE = 4
    TCP_KEEPINTVL = 5
    TCP_LINGER2 = 8
    TCP_MAXSEG = 2
    TCP_MD5SIG = 14
    TCP_NODELAY = 1
    TCP_QUEUE_SEQ = 21
    TCP_QUICKACK = 12
    TCP_REPAIR = 19
    TCP_REPAIR_OPTIONS = 22
    TCP_REPAIR_QUEUE = 20
    TCP_SYNCNT = 7
    TCP_THIN_DUPACK = 17
    TCP_THIN_LINEAR_TIMEOUTS = 16
    TCP_TIMESTAMP = 24
    TCP_USER_TIMEOUT = 18
    TCP_WINDOW_CLAMP = 10
    UDP_CORK = 1
  end
  include Constants
  Constants.constants.each { |c| const_set(c, Constants.const_get(c)) }

  class Option; end
  class AncillaryData; end

  def self.gethostname
    File.read("/proc/sys/kernel/hostname").chomp
  rescue SystemCallError
    ENV.fetch("HOSTNAME", "localhost")
  end
end

class Addrinfo
  def initialize(*)
    raise NotImplementedError, "Addrinfo: carmine does not support sockets"
  end
end
