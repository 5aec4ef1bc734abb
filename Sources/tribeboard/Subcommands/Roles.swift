import ArgumentParser
import TribeBoardSimulator

extension Tribeboard {
  struct Roles: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the permission matrix: what each role may see and do in each module.")

    func run() {
      print(PermissionTable.markdown(), terminator: "")
    }
  }
}
