// The start-up floor for tribeboard-bench: a hello world that imports Foundation, built the same way as tribeboard.
import Foundation

FileHandle.standardOutput.write(Data("Hello, world!\n".utf8))
