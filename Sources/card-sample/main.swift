// card-sample: renders sample cards to a folder, or benchmarks rendering.
//
//   card-sample OUTDIR [--set all|stress|ordinary] [--theme NAME|all] [--png]
//   card-sample --bench N
//
// Files are named <card id>-<theme>.svg (and .png with --png, drawn in
// process: CardPNGPainter).

import CardSamples
import Foundation
import ModakCardPNG
import ModakCards

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("card-sample: \(message)\n".utf8))
    exit(2)
}

struct Options {
    var outputDirectory: String?
    var set = "all"
    var themes = CardTheme.all
    var png = false
    var benchCount: Int?

    init(arguments: [String]) {
        var rest = arguments[...]
        func value(of option: String) -> String {
            guard let value = rest.popFirst() else { fail("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--set":
                set = value(of: argument)
            case "--theme":
                let name = value(of: argument)
                if name != "all" {
                    guard let theme = CardTheme.named(name) else { fail("unknown theme \(name)") }
                    themes = [theme]
                }
            case "--png":
                png = true
            case "--bench":
                guard let count = Int(value(of: argument)), count > 0 else { fail("--bench needs a positive number") }
                benchCount = count
            case "-h", "--help":
                print(
                    "usage: card-sample OUTDIR [--set all|stress|ordinary] [--theme NAME|all] [--png]\n"
                        + "       card-sample --bench N")
                exit(0)
            default:
                if argument.hasPrefix("-") || outputDirectory != nil { fail("unexpected argument \(argument)") }
                outputDirectory = argument
            }
        }
    }
}

let options = Options(arguments: Array(CommandLine.arguments.dropFirst()))

if let count = options.benchCount {
    // Single-threaded: one renderer, the samples in turn.
    let renderer = CardRenderer(theme: .bonfire)
    let samples = CardSamples.all
    var bytes = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for index in 0..<count {
            var content = samples[index % samples.count]
            content.id += "-\(index)"
            bytes += renderer.svg(for: content).utf8.count
        }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
        "rendered \(count) cards (\(bytes / count) bytes each) in \(String(format: "%.2f", seconds)) s: "
            + "\(Int(Double(count) / seconds)) cards/s")
    exit(0)
}

guard let directory = options.outputDirectory else { fail("missing OUTDIR (see --help)") }
let contents: [CardContent]
switch options.set {
case "all": contents = CardSamples.all
case "stress": contents = CardSamples.stress
case "ordinary": contents = CardSamples.ordinary
default: fail("unknown set \(options.set)")
}

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    if options.png, !CardPNGPainter.canDraw() { fail("fontconfig finds no \(CardRenderer.layoutFamily)") }
    var count = 0
    for theme in options.themes {
        let renderer = CardRenderer(theme: theme)
        let painter = CardPNGPainter(renderer: renderer)
        for content in contents {
            let base = "\(directory)/\(content.id)-\(theme.name)"
            let card = renderer.layOut(content)
            try Data(renderer.svgUTF8(of: card)).write(to: URL(fileURLWithPath: base + ".svg"))
            if options.png { try Data(painter.png(of: card)).write(to: URL(fileURLWithPath: base + ".png")) }
            count += 1
        }
    }
    print("wrote \(count) cards to \(directory)")
} catch {
    fail("\(error)")
}
