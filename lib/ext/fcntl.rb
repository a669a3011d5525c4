# frozen_string_literal: true
#
# carmine's fcntl.so: the Fcntl constants with Linux x86-64's values.
module Fcntl
  F_DUPFD = 0
  F_GETFD = 1
  F_SETFD = 2
  F_GETFL = 3
  F_SETFL = 4
  F_GETLK = 5
  F_SETLK = 6
  F_SETLKW = 7
  FD_CLOEXEC = 1
  F_RDLCK = 0
  F_WRLCK = 1
  F_UNLCK = 2
  F_SETPIPE_SZ = 1031
  F_GETPIPE_SZ = 1032
  O_CREAT = 64
  O_EXCL = 128
  O_NOCTTY = 256
  O_TRUNC = 512
  O_APPEND = 1024
  O_NONBLOCK = 2048
  O_NDELAY = 2048
  O_RDONLY = 0
  O_RDWR = 2
  O_WRONLY = 1
  O_ACCMODE = 3
end
