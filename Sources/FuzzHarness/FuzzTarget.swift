#if canImport(Glibc)
    import Glibc
#endif
#if FUZZING
    import CLibFuzzer
#endif

/// A fuzz target: a function over arbitrary bytes that must return, and whose result must keep
/// the promises listed in `check` (for example: every error names a line inside its file).
///
/// The same function serves libFuzzer (`LLVMFuzzerTestOneInput` in each `Fuzz*` executable), the
/// plain build of those executables (which replays files given on the command line) and the
/// `HardeningTests` replay of the seed and crash corpora in `Tests/Fuzz/<folder>/`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case frontMatter = "front-matter"
    case contentJSON = "content-json"
    case mustache
    case cardLayout = "card-layout"

    /// The folder under `Tests/Fuzz/` holding `seeds/` and `crashes/`.
    public var folder: String { rawValue }

    /// Runs one input; returns the broken promises (empty when all hold).
    public func check(_ bytes: [UInt8]) -> [String] {
        switch self {
        case .frontMatter: FrontMatterFuzz.check(bytes)
        case .contentJSON: ContentJSONFuzz.check(bytes)
        case .mustache: MustacheFuzz.check(bytes)
        case .cardLayout: CardLayoutFuzz.check(bytes)
        }
    }

    /// The program: with `-DFUZZING` (and `-sanitize=fuzzer`, see `make fuzz`) libFuzzer's driver
    /// calling `entry`, the executable's `LLVMFuzzerTestOneInput`; otherwise `replay`.
    public func main(fuzzing entry: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        #if FUZZING
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, entry))
        #else
            replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    /// The libFuzzer entry: a broken promise stops the process, so libFuzzer saves the input.
    public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let problems = check(bytes)
        if !problems.isEmpty {
            fatalError("\(rawValue): " + problems.joined(separator: "\n"))
        }
        return 0
    }

    /// The plain executable: replays each file (or every file of each folder) named on the
    /// command line and exits 1 when any breaks a promise. Crashes still crash, which is the point.
    public func replay(_ arguments: [String]) -> Never {
        var failures = 0
        var count = 0
        for path in arguments {
            for file in CorpusFiles.list(path) {
                count += 1
                guard let bytes = CorpusFiles.read(file) else {
                    print("\(file): cannot be read")
                    failures += 1
                    continue
                }
                for problem in check(bytes) {
                    print("\(file): \(problem)")
                    failures += 1
                }
            }
        }
        if arguments.isEmpty {
            print("usage: \(rawValue) FILE|FOLDER… (built with -sanitize=fuzzer, this is a libFuzzer target)")
            exit(2)
        }
        print("\(rawValue): \(count) inputs replayed, \(failures) broken promises")
        exit(failures == 0 ? 0 : 1)
    }
}
