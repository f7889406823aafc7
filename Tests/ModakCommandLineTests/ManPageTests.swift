import Testing
@testable import ModakCommandLine

/// The manual is read back to plain text and compared with the declaration, as the Markdown
/// reference is; `man --warnings` over the pages runs in Tests/python/test_package.py.
@Suite("the man pages")
struct ManPageTests {
    static let pages = ManPage.pages(ModakCommands.root, version: "9.8.7")
    static let visible = DeclarationTests.all.filter { !$0.contains(where: \.isHidden) }

    /// What a reader sees of a roff line: fonts, escapes and zero-width marks gone.
    static func plain(_ roff: String) -> String {
        roff.replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fR", with: "")
            .replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: "\\e", with: "\\")
    }

    /// A help text as the page shows it: its code without backticks.
    static func shown(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "") }

    static func page(_ path: [Command]) -> String? { pages.first { $0.file == ManPage.name(path) + ".1" }?.roff }

    @Test func onePagePerVisibleCommandAndNoOther() {
        #expect(Self.pages.map(\.file) == Self.visible.map { ManPage.name($0) + ".1" })
        #expect(Self.pages.first?.file == "modak.1")
        #expect(Self.pages.contains { $0.file == "modak-new-saying.1" })
        #expect(!Self.pages.contains { $0.file.contains("reference") })
    }

    /// A description as the page shows it, from the declaration as `--help` takes it.
    static func shown(_ option: Option) -> String { shown(Synopsis.description(option, code: { "`\($0)`" })) }

    static func shown(_ argument: Argument) -> String { shown(Synopsis.description(argument, code: { "`\($0)`" })) }

    @Test func everyPageSaysWhatTheDeclarationSays() throws {
        for path in Self.visible {
            let command = path[path.count - 1]
            let roff = try #require(Self.page(path))
            let lines = roff.split(separator: "\n").map { Self.plain(String($0)) }
            let name = ManPage.name(path)
            #expect(lines.contains("\(name) - \(Self.shown(command.abstract))"), "\(name): NAME")
            #expect(roff.contains(".TH \(ManPage.escape(name.uppercased())) 1 \"\" \"modak 9.8.7\" "), "\(name): title")
            let (prefix, parts) = Synopsis.parts(path)
            #expect(lines.contains(".B " + prefix) && lines.contains(parts.joined(separator: " ")), "\(name): SYNOPSIS")
            for paragraph in command.discussion {
                #expect(lines.contains(Self.shown(paragraph)), "\(name): discussion")
            }
            for option in command.optionsWithHelp {
                #expect(lines.contains(Synopsis.label(option)), "\(name): \(option.longName)")
                #expect(lines.contains(Self.shown(option)), "\(name): \(option.longName)")
            }
            for argument in command.arguments {
                #expect(lines.contains(Synopsis.usage(argument)), "\(name): \(argument.name)")
                #expect(lines.contains(Self.shown(argument)), "\(name): \(argument.name)")
            }
            for subcommand in command.visibleSubcommands {
                #expect(lines.contains(subcommand.name), "\(name): \(subcommand.name)")
                let page = ManPage.name(path + [subcommand])
                #expect(lines.contains("\(Self.shown(subcommand.abstract)) See \(page)(1)."), "\(name): \(page)")
            }
            for example in command.examples {
                #expect(lines.contains(example.command), "\(name): \(example.command)")
                #expect(lines.contains(Self.shown(example.summary)), "\(name): \(example.summary)")
            }
            let seeAlso = try #require(roff.components(separatedBy: ".SH SEE ALSO\n").last)
            let related = path.count == 1 ? "\\fBmodak\\-build\\fR(1)" : "\\fBmodak\\fR(1)"
            #expect(seeAlso.contains(related), "\(name): SEE ALSO")
        }
    }

    /// roff reads a line starting with `.` or `'` as a request, `\` as an escape, and prints `-` as a hyphen
    /// that is not the `-` of an option; so only the renderer's own requests and escapes may appear.
    @Test func onlyTheRenderersRequestsAndEscapes() {
        let requests: Set<String> = [".TH", ".SH", ".B", ".PP", ".TP", ".\\\""]
        let escapes: Set<Character> = ["f", "-", "e", "&", "\""]
        for page in Self.pages {
            for line in page.roff.split(separator: "\n") where line.first == "." || line.first == "'" {
                #expect(requests.contains(String(line.prefix { $0 != " " })), "\(page.file): \(line)")
            }
            // Comments (`.\"`) are not printed.
            let text = Array(page.roff.split(separator: "\n").filter { !$0.hasPrefix(".\\\"") }.joined(separator: "\n"))
            for index in text.indices where text[index] == "-" {
                #expect(index > 0 && text[index - 1] == "\\", "\(page.file): a bare - at \(index)")
            }
            for index in text.indices.dropLast() where text[index] == "\\" {
                #expect(escapes.contains(text[index + 1]), "\(page.file): \\\(text[index + 1])")
            }
        }
    }

    @Test func textThatLooksLikeRoffIsEscaped() {
        #expect(ManPage.text(".start `a-b` and 'c \\d") == "\\&.start \\fBa\\-b\\fR and 'c \\ed")
        #expect(ManPage.text("'quoted") == "\\&'quoted")
        #expect(ManPage.text("one ` backtick") == "one ` backtick")
    }
}
