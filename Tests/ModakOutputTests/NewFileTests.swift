import Foundation
import ModakOutput
import Testing
import TestSupport

@Suite struct NewFileTests {
    /// A new file is made with its folders; one already there is never replaced. Either way no
    /// temporary is left.
    @Test(arguments: [(existing: nil, expected: NewFile.Outcome.created, kept: "new"), ("mine", .exists, "mine")])
    func aFileIsMadeOnlyWhereThereWasNone(existing: String?, expected: NewFile.Outcome, kept: String) throws {
        let folder = try TemporaryFolder()
        if let existing { try folder.write("content/notes.md", existing) }
        #expect(NewFile.create(folder.path + "/content/notes.md", bytes: Array("new".utf8)) == expected)
        #expect(folder.read("content/notes.md") == kept)
        #expect(folder.allFiles() == ["content/notes.md"])
    }

    @Test func aFailureSaysWhatTheSystemSaid() throws {
        let folder = try TemporaryFolder()
        try folder.write("blocker", "a file where a folder should be")
        guard case .failed(let reason) = NewFile.create(folder.path + "/blocker/x.md", bytes: []) else {
            Issue.record("a file under a file was created")
            return
        }
        #expect(!reason.isEmpty && !reason.contains(".tmp"))
        #expect(folder.allFiles() == ["blocker"])
    }
}
