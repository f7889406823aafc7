import Foundation
import Testing
@testable import ModakCommandLine

private func path(_ names: String) -> [Command] {
    ModakCommands.root.path(to: ["modak"] + names.split(separator: " ").map(String.init))
}

@Suite("help, usage lines and the reference")
struct HelpTests {
    @Test func helpListsEveryOptionWithItsDefault() {
        let help = HelpFormatter.help(for: path("build"))
        #expect(help.hasPrefix("OVERVIEW: Render the content folder into the output folder.\n\n"))
        #expect(
            help.contains(
                """
                USAGE: modak build [--content DIR] [--output DIR] [--date YYYY-MM-DD]\n                   [--theme \
                NAME]
                """
            ))
        for label in [
            "--content DIR", "--output DIR", "--date YYYY-MM-DD", "--theme NAME", "--base-url URL",
            "--templates DIR ...",
            "--drafts", "--force", "-h, --help"
        ] {
            #expect(help.contains("\n  \(label) "), "\(label) is listed")
        }
        let flowing = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("(default: content)") && flowing.contains("(default: public)"))
        #expect(flowing.contains("(one of: bonfire, light, dark, system; default: `theme` in site.json)"))
        let card = HelpFormatter.help(for: path("card"))
        #expect(card.contains("\n  -o, --output FILE       Write the card to FILE. (default: standard output)\n"))
        #expect(card.contains("ARGUMENTS:\n  ID                      The saying's id"))
        let serve = HelpFormatter.help(for: path("serve"))
        #expect(serve.contains("\n  --drafts, --no-drafts   Show sayings") && serve.contains("(default: --drafts)"))
    }

    @Test func groupsListTheirCommandsAndHiddenOnesStayHidden() {
        let root = HelpFormatter.help(for: [ModakCommands.root])
        #expect(root.contains("COMMANDS:\n  init                    Create a new site"))
        #expect(root.contains("\n  --version               Show the version."))
        #expect(!root.contains("reference"))
        #expect(root.hasSuffix("See `modak help COMMAND` for the help of each command."))
        #expect(
            HelpFormatter.help(for: path("new")).hasSuffix("See `modak help new COMMAND` for the help of each command.")
        )
    }

    @Test func everyLineFitsIn80ColumnsButExamples() {
        for command in DeclarationTests.all {
            let help = HelpFormatter.help(for: command)
            let body = help.components(separatedBy: "\nEXAMPLES:\n")[0]
            for line in body.split(separator: "\n") {
                #expect(line.count <= 80, "\(command.map(\.name)): \(line)")
            }
        }
    }

    @Test func usageLinesOfAGroupAreThoseOfItsCommands() {
        #expect(
            HelpFormatter.usage(for: path("import")) == """
                usage: modak import firebase FILE [--content DIR]
                Run `modak help import` for more.
                """)
        let new = HelpFormatter.usage(for: path("new")).split(separator: "\n")
        let kinds = new.compactMap { line in
            line.range(of: "modak new ").map { line[$0.upperBound...].prefix { $0 != " " } }
        }
        #expect(kinds == ["saying", "souvenir", "notice", "page"])
        #expect(
            HelpFormatter.usage(for: path("card")).hasPrefix(
                "usage: modak card ID [--content DIR] [--date YYYY-MM-DD] [-o FILE]\n"))
        #expect(
            HelpFormatter.usage(for: path("new page")).hasPrefix(
                "usage: modak new page [--content DIR] --title TEXT [--slug SLUG] [TEXT ...]\n"))
    }

    @Test func theCommittedReferenceIsTheOneTheDeclarationGives() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let committed = try String(
            contentsOf: repository.appendingPathComponent(CommandReference.path), encoding: .utf8)
        #expect(
            committed == CommandReference.markdown(ModakCommands.root),
            "run `make reference` and commit \(CommandReference.path)")
    }

    @Test func theReferenceHasASectionPerVisibleCommand() {
        let markdown = CommandReference.markdown(ModakCommands.root)
        for command in DeclarationTests.all where !command.contains(where: \.isHidden) {
            #expect(markdown.contains("\n## `\(command.map(\.name).joined(separator: " "))`\n"))
        }
        #expect(!markdown.contains("modak reference`\n"))
        #expect(
            markdown.contains("| `--gender any\\|female\\|male` | Who the gift is for. (required) |"),
            "a | in a table cell is escaped")
        #expect(markdown.contains("| [`saying`](#modak-new-saying) |"))
    }
}
