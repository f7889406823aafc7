import Foundation
import ModakSite
import Testing
import TestSupport

@Suite struct NewFileTests {
    @Test func aNewFileIsMadeWithItsFoldersAndNoTemporaryLeft() throws {
        let folder = try TemporaryFolder()
        #expect(NewFile.create(folder.path + "/content/sayings/first.md", bytes: Array("first\n".utf8)) == .created)
        #expect(folder.read("content/sayings/first.md") == "first\n")
        #expect(folder.allFiles() == ["content/sayings/first.md"])
    }

    @Test func aFileThereIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes.md", "mine")
        #expect(NewFile.create(folder.path + "/notes.md", bytes: Array("new".utf8)) == .exists)
        #expect(folder.read("notes.md") == "mine")
        #expect(folder.allFiles() == ["notes.md"])
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
