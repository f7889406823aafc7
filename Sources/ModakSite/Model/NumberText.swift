/// Numbers as both languages of the interface write them.
public enum NumberText {
    /// `1234567` → `1,234,567`: commas every three digits.
    public static func grouped(_ amount: Int) -> String {
        let digits = String(amount.magnitude)
        var out = amount < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
