// card-sample: renders sample cards to a folder, or benchmarks rendering.
//
//   card-sample OUTDIR [--set all|stress|ordinary] [--theme NAME|all] [--png]
//   card-sample --bench N
//
// Files are named <card id>-<theme>.svg (and .png with --png, drawn in
// process: PNGDeriver).

import CardSamples
import Foundation
import ModakCards
import ModakOutput
import ModakSite

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
                print("usage: card-sample OUTDIR [--set all|stress|ordinary] [--theme NAME|all] [--png]\n"
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
    print("rendered \(count) cards (\(bytes / count) bytes each) in \(String(format: "%.2f", seconds)) s: "
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
    var jobs: [DerivationJob] = []
    for theme in options.themes {
        let renderer = CardRenderer(theme: theme)
        for content in contents {
            let base = "\(directory)/\(content.id)-\(theme.name)"
            try renderer.svg(for: content).write(toFile: base + ".svg", atomically: true, encoding: .utf8)
            jobs.append(DerivationJob(source: base + ".svg", destination: base + ".png", drawing: PNGDrawing(width: CardRenderer.width, height: CardRenderer.height)))
        }
    }
    if options.png {
        guard let deriver = PNGDeriver.start() else { fail("fontconfig finds no \(CardRenderer.layoutFamily)") }
        try deriver.derive(jobs)
    }
    print("wrote \(jobs.count) cards to \(directory)")
} catch {
    fail("\(error)")
}
