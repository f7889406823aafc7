import Foundation

/// Turns a Firebase Realtime Database export of the original sayings app into saying files.
///
/// The export looks like `{"Text": {"Text0": {"id", "kor", "eng", "who", "time"}, …}, "User": …}`.
/// Only `Text` is read: the readers' data under `User` (or anywhere else) is never looked at, so it
/// cannot end up in a file. Pure: the caller reads the export and writes the files.
public enum FirebaseImport {
    /// One saying file: `sayings/<id>.md` and its text.
    public struct SayingFile: Sendable, Equatable {
        public var id: String
        public var text: String
        public var relativePath: String { "sayings/\(id).md" }
    }

    public struct Conversion: Sendable {
        public var files: [SayingFile]
        /// Records of `Text` that became no file; each has a warning saying why.
        public var skipped: Int
        /// Warnings about what was skipped or changed on the way, or errors when the export cannot be read.
        public var diagnostics: [Diagnostic]
    }

    /// The fields the app stored per text; anything else in a record is left out.
    static let appFields: Set<String> = ["id", "kor", "eng", "who", "time"]

    /// Times without an offset are read in `timeZone`.
    public static func convert(_ export: SourceFile, timeZone: TimeZone) -> Conversion {
        var log = DiagnosticLog()
        let path = export.displayPath
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(export.bytes)
        } catch {
            return Conversion(
                files: [], skipped: 0,
                diagnostics: [
                    Diagnostic(path: path, line: error.line, "the export is not valid JSON: \(error.message)")
                ])
        }
        guard case .object(let sections) = root.value, let texts = sections.first(where: { $0.key == "Text" })?.value
        else {
            return Conversion(
                files: [], skipped: 0,
                diagnostics: [
                    Diagnostic(
                        path: path, line: root.line,
                        "there is no `Text` object at the top: export the app's whole Realtime Database as JSON")
                ])
        }

        // Firebase writes a collection as an object keyed `Text0`, `Text1`…, or as an array with
        // nulls in its gaps when the keys are numbers.
        let records: [(key: String, node: JSONNode)]
        switch texts.value {
        case .object(let members): records = members.map { ($0.key, $0.value) }
        case .array(let elements):
            records = elements.enumerated().filter { $0.element.value != .null }.map { (String($0.offset), $0.element) }
        default:
            return Conversion(
                files: [], skipped: 0,
                diagnostics: [
                    Diagnostic(path: path, line: texts.line, "`Text` is \(texts.kindName), not an object of texts")
                ])
        }

        var files: [SayingFile] = []
        var firstUse: [String: String] = [:]
        var ignoredFields = Set<String>()
        for (key, node) in records {
            let location = SourceLocation(path: path, line: node.line)
            guard case .object(let members) = node.value else {
                log.warning(location, "Text/\(key) is \(node.kindName), not a text: skipped")
                continue
            }
            ignoredFields.formUnion(members.map(\.key).filter { !appFields.contains($0) })
            let record = Record(key: key, members: members, location: location)
            guard let saying = record.saying(in: timeZone, log: &log) else { continue }
            if let earlier = firstUse[saying.id] {
                log.warning(
                    location,
                    "Text/\(key) has the id `\(saying.id)` of Text/\(earlier): skipped; give one of them another id")
                continue
            }
            firstUse[saying.id] = key
            files.append(saying)
        }
        if !ignoredFields.isEmpty {
            log.warning(
                SourceLocation(path: path, line: texts.line),
                """
                not imported, as Modak has no place for them: \
                \(ignoredFields.sorted().map { "`\($0)`" }.joined(separator: ", "))
                """
            )
        }
        return Conversion(files: files, skipped: records.count - files.count, diagnostics: log.sorted)
    }

    /// One record of `Text`, read field by field.
    private struct Record {
        let key: String
        let members: [JSONMember]
        let location: SourceLocation

        func value(_ name: String) -> JSONNode? { members.first { $0.key == name }?.value }

        /// Strings and numbers as text; nil for a missing field or null.
        func text(_ name: String) -> String? {
            switch value(name)?.value {
            case .string(let text)?: return text.precomposedStringWithCanonicalMapping
            case .number(let text)?: return text
            default: return nil
            }
        }

        func line(of name: String) -> SourceLocation {
            SourceLocation(path: location.path, line: value(name)?.line ?? location.line)
        }

        func saying(in timeZone: TimeZone, log: inout DiagnosticLog) -> SayingFile? {
            let id = text("id") ?? key
            guard Identifier.isValid(id) else {
                log.warning(
                    line(of: "id"),
                    """
                    Text/\(key) has the id `\(id.prefix(70))`, which cannot name a file (1 to 64 letters, digits, \
                    `_` or `-`): skipped
                    """
                )
                return nil
            }
            let kor = singleLine("kor", log: &log)
            let eng = singleLine("eng", log: &log)
            guard !kor.isEmpty || !eng.isEmpty else {
                log.warning(location, "Text/\(key) (id `\(id)`) has neither `kor` nor `eng` text: skipped")
                return nil
            }
            // A saying needs its author (`who: ""` does not load), so a text without one is no file.
            let who = singleLine("who", log: &log)
            guard !who.isEmpty else {
                log.warning(
                    line(of: "who"),
                    "Text/\(key) (id `\(id)`) has no `who` text: skipped; a saying needs to say who said it")
                return nil
            }
            guard let time = time(in: timeZone, log: &log) else { return nil }
            var fields: [(key: String, value: FrontMatterWriter.Value)] = [("id", .string(id))]
            if !kor.isEmpty { fields.append(("kor", .string(kor))) }
            if !eng.isEmpty { fields.append(("eng", .string(eng))) }
            fields += [("who", .string(who)), ("time", .string(time))]
            // Every value is a single line by now, so the writer cannot refuse it.
            guard let text = try? FrontMatterWriter.document(fields, body: "") else { return nil }
            return SayingFile(id: id, text: text)
        }

        /// Front matter holds one line per value: line breaks the app allowed become spaces.
        func singleLine(_ name: String, log: inout DiagnosticLog) -> String {
            let original = (text(name) ?? "").trimmedOfWhitespace
            let lines = original.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            let joined = lines.joined(separator: " ")
            // Control characters (not format characters: emoji need their joiners) have no place in a saying.
            let cleaned = String(
                String.UnicodeScalarView(
                    joined.unicodeScalars.filter { $0 == "\t" || $0.properties.generalCategory != .control }))
            if lines.count > 1 {
                log.warning(
                    line(of: name),
                    "Text/\(key): the line breaks in `\(name)` became spaces, as a saying's text is one line")
            }
            return cleaned
        }

        /// `2021-03-04 09:00:00` and the other forms Modak reads are kept as written; epoch
        /// milliseconds (or seconds) become a time in the site's zone.
        func time(in timeZone: TimeZone, log: inout DiagnosticLog) -> String? {
            guard let written = text("time")?.trimmingCharacters(in: .whitespaces), !written.isEmpty else {
                log.warning(location, "Text/\(key) has no `time`: skipped; Modak needs to know when to publish it")
                return nil
            }
            if TimeParser.parse(written, in: timeZone) != nil { return written }
            if let number = Double(written), number.isFinite {
                // 10^11 seconds is the year 5138 and 10^11 milliseconds 1973: a safe line between the two.
                let seconds = abs(number) >= 1e11 ? number / 1000 : number
                return FirebaseImport.wallClock(Date(timeIntervalSince1970: seconds.rounded(.down)), in: timeZone)
            }
            log.warning(
                line(of: "time"),
                """
                Text/\(key) has the time `\(written.prefix(40))`, which is neither \(TimeParser.acceptedForms) nor \
                epoch milliseconds: skipped
                """
            )
            return nil
        }
    }

    /// `2021-03-04 09:00:00` in `timeZone`, or with its offset when the wall clock alone is ambiguous
    /// (the repeated hour when clocks go back).
    static func wallClock(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = Int(date.timeIntervalSince1970) + offset
        let day = CivilDay(daysSinceEpoch: Int((Double(local) / 86_400).rounded(.down)))
        let second = local - day.daysSinceEpoch * 86_400
        let text = "\(day) \(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))"
        if TimeParser.parse(text, in: timeZone) == date { return text }
        let sign = offset < 0 ? "-" : "+"
        return text.replacingOccurrences(of: " ", with: "T")
            + "\(sign)\(pad(abs(offset) / 3600, 2)):\(pad(abs(offset) / 60 % 60, 2))"
    }
}
