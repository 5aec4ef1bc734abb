import ArgumentParser
import Foundation
import TribeBoardBrowser
import TribeBoardEngine
import TribeBoardRendering
import TribeBoardScenarios

extension BrowserServer.Pace: ExpressibleByArgument {}

extension Tribeboard {
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Show the simulation in a browser: each person's phone, live, with the simulation's controls.",
      discussion: """
        Prints 'Serving SCENARIO at http://HOST:PORT/' as its first line, then serves until Ctrl-C or SIGTERM \
        (exit 0). Open the address: the phone in hand takes clicks and typed values; the panel beside it has the \
        clock, faults, latency, network, people, journeys, a Command field that takes anything the REPL takes, \
        Record (a transcript 'tribeboard check' replays) and Download scenario. Every window open on a \
        simulation follows it live; 'New simulation' makes another at its own address.

        The mock services are served too, under /api/ (each other simulation's under /s/ID/api/), as the OpenAPI \
        document at /api/openapi.yaml describes them, with a control API at /api/control (docs/api.md): an HTTP \
        client is one more phone in the simulation's world.

        Listens on loopback only unless --host says otherwise; then it prints a warning and every page needs the \
        token printed in the address. Scenario files are read from the current folder (and the folders in it) \
        only, and nothing is ever written on the server.
        """)

    @Argument(
      help: ArgumentHelp(
        "A built-in scenario name or a path to a YAML file.",
        valueName: "name-or-path"))
    var scenario: String = BundledScenarios.defaultName

    // Unconditional, so `--port -1` is read as a port (and refused as one), not as a missing value.
    @Option(
      parsing: .unconditional, help: ArgumentHelp("The port to listen on; 0 takes a free one.", valueName: "port"))
    var port: Int = 8080

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: "instant: every step shows at once; real: a step's simulated latency shows as its loading state.")
    var pace: BrowserServer.Pace = .instant

    @Flag(help: "Open the address in the default browser once serving.")
    var open = false

    @Flag(help: "Print a line for every request.")
    var verbose = false

    @Option(
      help: ArgumentHelp(
        "Read the page's stylesheet, script, icons and logo from this folder on every request, so an edit shows "
          + "on reload (the repository's Sources/TribeBoardRendering/Assets).", valueName: "folder"))
    var assets: String?

    @Option(
      help: ArgumentHelp(
        "Let pages from this origin (such as http://localhost:3000) call the services' API from a browser; none "
          + "but the server's own pages otherwise.", valueName: "origin"))
    var cors: String?

    @Flag(
      help: ArgumentHelp(
        "Serve POST /api/test-sessions, which gives a contract suite sessions of test accounts of any role in two "
          + "test families (Tests/API/README.md). For a test server only: anyone who reaches it can act as anyone."))
    var testSessions = false

    @Option(
      help: ArgumentHelp(
        "Serve https:// with this certificate (PEM; the server's certificate first, then any intermediates); "
          + "needs --tls-key.", valueName: "file"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The private key of --tls-certificate (PEM, unencrypted).", valueName: "file"))
    var tlsKey: String?

    @Option(help: .hidden)
    var idleSeconds: Int = 1800

    func validate() throws {
      guard (0...65535).contains(port) else {
        throw ValidationError("--port must be between 0 and 65535, got \(port).")
      }
      guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && !$0.properties.isWhitespace }) else {
        throw ValidationError("--host must be an address such as 127.0.0.1, got '\(host)'.")
      }
      if let cors, URL(string: cors)?.scheme == nil || URL(string: cors)?.host == nil || cors.hasSuffix("/") {
        throw ValidationError("--cors must be an origin such as http://localhost:3000, got '\(cors)'.")
      }
      if (tlsCertificate == nil) != (tlsKey == nil) {
        throw ValidationError("--tls-certificate and --tls-key go together: give both, or neither for http://.")
      }
      if let assets,
        !FileManager.default.fileExists(atPath: URL(fileURLWithPath: assets).appending(path: "app.css").path)
      {
        throw ValidationError(
          "--assets must be a folder holding app.css, such as Sources/TribeBoardRendering/Assets; '\(assets)' has none."
        )
      }
    }

    /// Runs on the global executor, not the command's one thread (``OneThreadExecutor``): the server's tasks
    /// inherit the executor preference of the task that starts them.
    func run() async throws {
      try await withTaskExecutorPreference(globalConcurrentExecutor) { try await serve() }
    }

    private func serve() async throws {
      let loaded = try loadScenario(scenario)
      var tls: TLSIdentity?
      if let tlsCertificate, let tlsKey {
        do {
          tls = try TLSIdentity(certificateFile: tlsCertificate, keyFile: tlsKey)
        } catch {
          throw usageError("\(error.description)")
        }
      }
      if let assets { Assets.folder = URL(fileURLWithPath: assets) }
      let token = BrowserServer.isLoopback(host) ? nil : BrowserServer.newToken()
      if token != nil {
        printError(
          "warning: listening on \(host), beyond this computer: anyone who can reach it and has the token can use "
            + "the simulator. Use the address printed below, with its token.")
      }
      if testSessions {
        printError(
          "warning: --test-sessions: POST /api/test-sessions gives whoever reaches this server a session of any "
            + "role; for a test server only.")
      }
      let options = BrowserServer.Options(
        host: host, port: port, token: token, pace: pace, verbose: verbose,
        folder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), idleLimit: .seconds(idleSeconds),
        cors: cors, testSessions: testSessions, tls: tls)
      let server = await BrowserServer(scenario: loaded, reference: scenario, options: options)
      let name = loaded.name
      let open = open
      do {
        try await server.run { address in
          BrowserServer.say("Serving \(name) at \(address)")
          if open { Self.openInBrowser(address) }
        }
      } catch {
        throw usageError("could not serve on \(host) port \(port): \(Self.reason(error)).")
      }
    }

    /// The system's reason, without the library's decoration.
    static func reason(_ error: any Error) -> String {
      let text = "\(error)"
      if text.contains("Address already in use") || text.contains("EADDRINUSE") {
        return "the port is in use (try another with --port, or --port 0 for a free one)"
      }
      if text.contains("UnknownHost") || text.contains("getaddrinfo") || text.contains("Cannot assign")
        || text.contains("EADDRNOTAVAIL")
      {
        return "the address can't be listened on (check --host)"
      }
      return text.split(separator: "\n").first.map(String.init) ?? text
    }

    static func openInBrowser(_ address: String) {
      #if os(macOS)
        let opener = "/usr/bin/open"
      #else
        let opener = "/usr/bin/xdg-open"
      #endif
      guard FileManager.default.isExecutableFile(atPath: opener) else {
        printError("note: no \(opener) here to open a browser; open \(address) yourself.")
        return
      }
      var pid = pid_t()
      let arguments = [opener, address]
      var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      posix_spawn(&pid, opener, nil, nil, &argv, environ)
    }
  }
}
