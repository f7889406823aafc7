import Foundation
import FuzzHarness
import Testing

/// Every seed and every input a fuzzer ever crashed on, replayed through the same checks the
/// fuzzers run: a fixed crash stays fixed, and the seeds keep their promises in every build.
@Suite struct FuzzCorpusTests {
    static let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz").path

    @Test(arguments: FuzzTarget.allCases)
    func seedsKeepTheirPromises(_ target: FuzzTarget) throws {
        let seeds = CorpusFiles.list("\(Self.corpora)/\(target.folder)/seeds")
        #expect(seeds.count >= 5, "\(target.folder) needs a real seed corpus")
        try replay(seeds, through: target)
    }

    /// Some of these once hung: a time limit turns a hang back into a failure.
    @Test(.timeLimit(.minutes(1)), arguments: FuzzTarget.allCases)
    func crashInputsStayFixed(_ target: FuzzTarget) throws {
        try replay(CorpusFiles.list("\(Self.corpora)/\(target.folder)/crashes"), through: target)
    }

    private func replay(_ files: [String], through target: FuzzTarget) throws {
        for file in files {
            let bytes = try #require(CorpusFiles.read(file))
            #expect(target.check(bytes) == [], "\(file)")
        }
    }
}
