/// `cachebench --help` (or `help`): prints the help page, under the executable's own name.
struct HelpCommand: Subcommand {
  func execute() {
    let page = HelpText.page(program: ProgramName.current)
    print(page, terminator: page.hasSuffix("\n") ? "" : "\n")
  }
}
