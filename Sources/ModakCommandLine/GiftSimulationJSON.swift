import ModakCore
import UTF8Bytes

extension GiftSimulation {
    /// What `modak gifts simulate` prints, as its help shows it: one line, keys in this order,
    /// `{"asked": ["q1"], "answers": ["O"], "candidates": ["a", "b"], "done": false}`.
    public var json: String {
        var json = CompactJSON()
        json.raw("{\"asked\": ")
        json.strings(asked, separator: ", ")
        json.raw(", \"answers\": ")
        json.strings(answers, separator: ", ")
        json.raw(", \"candidates\": ")
        json.strings(candidates, separator: ", ")
        json.raw(", \"done\": ")
        json.boolean(done)
        json.raw("}")
        return json.bytes.withUnsafeBufferPointer { String(copyingValidUTF8: $0) }
    }
}
