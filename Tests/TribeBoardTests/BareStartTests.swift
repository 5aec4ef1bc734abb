import Testing

/// A bare `tribeboard` opens the REPL, its default subcommand, with its defaults: it does exactly what
/// `tribeboard repl` does, output and exit code, whatever the input.
@Suite struct BareStartTests {
  @Test(arguments: [
    "", "1\n2\n:where\n", "junk\n:quit\n", ":expect screen=dashboard\n", "get started\nsign in apple\n:help\n",
  ])
  func bareStartIsTheDefaultREPL(input: String) throws {
    let bare = try ChildProcess.tribeboard([], input: input, timeout: 30)
    let repl = try ChildProcess.tribeboard(["repl"], input: input, timeout: 30)
    #expect(bare.status == repl.status)
    #expect(bare.stdout == repl.stdout)
    #expect(bare.stderr == repl.stderr)
    #expect(bare.stdout.contains("╭─ "))
  }

  @Test func bareStartWithStandardOutputFullEndsAsTheREPLDoes() throws {
    let bare = try ChildProcess.tribeboard([], stdout: .path("/dev/full"), timeout: 30)
    let repl = try ChildProcess.tribeboard(["repl"], stdout: .path("/dev/full"), timeout: 30)
    #expect(bare.status == 74)
    #expect(bare.status == repl.status)
    #expect(bare.stderr == repl.stderr)
  }
}
