import ModakCards

/// Sample cards for previews, tests and the rendering check (`test-cards.sh`): real
/// sayings, and a stress set of the extremes the layout must handle.
public enum CardSamples {
    public static let siteName = "모닥 Modak"

    /// Five ordinary sayings.
    public static let ordinary: [CardContent] = [
        card(
            "laozi-journey", "천 리 길도 한 걸음부터 시작된다.",
            "A journey of a thousand miles begins with a single step.", "노자 (Laozi)"),
        card(
            "confucius-knowledge",
            "아는 것을 안다고 하고, 모르는 것을 모른다고 하는 것, 이것이 바로 아는 것이다.",
            "To know what you know and to know what you do not know — that is true knowledge.",
            "공자 (Confucius)"),
        card(
            "socrates-examined", "성찰하지 않는 삶은 살 가치가 없다.",
            "The unexamined life is not worth living.", "Socrates"),
        card(
            "proverb-kind-words", "가는 말이 고와야 오는 말이 곱다.",
            "Kind words bring kind words back.", "한국 속담"),
        card(
            "hubbard-habit", "행복은 습관이다. 그것을 몸에 지녀라.",
            "Happiness is a habit — cultivate it.", "Elbert Hubbard")
    ]

    /// The extremes: longest texts, unbreakable words, emoji, newlines,
    /// markup and control characters, a missing block.
    public static let stress: [CardContent] = [
        card("stress-hangul-300", hangul(syllables: 300), "", "작자 미상"),
        card("stress-english-60", "", englishWords(60), "Anonymous"),
        card("stress-both-longest", hangul(syllables: 300), englishWords(60), "작자 미상 (Anonymous)"),
        card("stress-long-word", "", String(repeating: "antidisestablishment", count: 3), "Lexicographer"),
        card("stress-long-korean-word", String(repeating: "모닥불곁에서나눈이야기", count: 6), "한 줄로", "익명"),
        card(
            "stress-emoji", "👨‍👩‍👧 가족이 최고예요…!? 「행복」 🇰🇷 👍🏽 ❤️ 1️⃣ 🔥",
            "Family first 👨‍👩‍👧 — really?! 「」 ☕️ é́", "Emoji 🙂"),
        card("stress-newlines", "첫째 줄\n둘째 줄은 조금 더 깁니다\n\n\n셋째 줄", "Line one\r\nLine two\rLine three", "줄바꿈"),
        card(
            "stress-long-author", "짧은 말.", "A short saying.",
            "Antoine Marie Jean-Baptiste Roger, comte de Saint-Exupéry, writer, poet, aristocrat, "
                + "journalist and pioneering aviator, author of Le Petit Prince, Vol de nuit, Terre des hommes "
                + "and Citadelle, lost over the Mediterranean in July 1944"),
        card("stress-empty-korean", "", "Well begun is half done.", "Aristotle"),
        card("stress-empty-english", "시작이 반이다.", "", "한국 속담"),
        card(
            "stress-markup", "<b>굵게</b> & \"따옴표\" 'quote' \u{202E}뒤집기\u{202C} \u{7}벨",
            "</text><script>alert('x')</script> \u{2066}&amp;\u{2069}", "A & B <C>"),
        card("stress-one-letter", "꿈", "", "")
    ]

    public static let all: [CardContent] = ordinary + stress

    private static func card(_ id: String, _ korean: String, _ english: String, _ author: String) -> CardContent {
        CardContent(
            id: id, korean: korean, english: english, author: author,
            siteName: siteName, dateLabel: "2026-11-28")
    }

    /// Korean prose of exactly `syllables` Hangul syllables, in real words.
    public static func hangul(syllables: Int) -> String {
        let words = "우리가 함께 모닥불 곁에 앉아 나누던 이야기들은 오래도록 마음속에 따뜻하게 남아 있습니다"
            .split(separator: " ")
        var result: [Substring] = []
        var count = 0
        var index = 0
        while count < syllables {
            let word = words[index % words.count].prefix(syllables - count)
            result.append(word)
            count += word.count
            index += 1
        }
        return result.joined(separator: " ")
    }

    /// English prose of exactly `count` words.
    public static func englishWords(_ count: Int) -> String {
        let words = "The stories we shared around the fire stayed with us long after the embers had gone cold"
            .split(separator: " ")
        return (0..<count).map { words[$0 % words.count] }.joined(separator: " ")
    }
}
