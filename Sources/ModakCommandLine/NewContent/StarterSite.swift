import ModakCore

/// The site `modak init` writes: one of each kind of content, valid, commented where the format
/// allows (front matter takes `#` comments, JSON none), with dates around `today` so that the
/// first build shows a new saying, a delivered souvenir and a sealed one. Kept in the binary, so
/// an installed `modak` needs nothing beside its templates.
public enum StarterSite {
    public struct File: Sendable, Equatable {
        /// Relative to the site's folder.
        public var path: String
        public var text: String
        /// What it is, for the list `modak init` prints.
        public var summary: String
    }

    /// The starter's time zone; `today` is taken in it.
    public static let timeZone = "Asia/Seoul"
    /// The line of `.gitignore` that keeps the output folder `modak build` writes by default out of git.
    public static let ignoredOutput = "/public/"

    /// The content folder's files (`.gitignore` aside, which may exist already).
    public static func files(today: CivilDay) -> [File] {
        let yesterday = today.adding(days: -1)
        let nextYear = today.adding(days: 365)
        return [
            File(
                path: "content/site.json", text: siteJSON,
                summary: "the settings, each at its default, and a menu: edit title and baseURL"),
            File(
                path: "content/authors.json", text: authorsJSON,
                summary: "authors' names in Korean and English, and other spellings"),
            File(
                path: "content/sayings/well-begun.md", text: markdownSaying(time: "\(today) 09:00"),
                summary: "a saying in Markdown, today's"),
            File(
                path: "content/sayings/proverbs.json",
                text: jsonSayings(times: ["\(yesterday) 09:00", "\(today.adding(days: -2)) 09:00"]),
                summary: "two sayings in a JSON array"),
            File(
                path: "content/souvenirs/\(yesterday)-first-letter.md",
                text: deliveredSouvenir(deliver: "\(yesterday) 20:00"),
                summary: "a souvenir, delivered yesterday"),
            File(
                path: "content/souvenirs/\(nextYear)-a-year-later.md",
                text: sealedSouvenir(deliver: "\(nextYear) 09:00"),
                summary: "a souvenir sealed for a year"),
            File(path: "content/notices/\(today)-welcome.md", text: notice(date: "\(today)"), summary: "a notice"),
            File(path: "content/pages/about.md", text: aboutPage, summary: "a free page, at about/"),
            File(path: "content/gifts/gifts.json", text: giftsJSON, summary: "the gift catalogue, one gift"),
            File(
                path: "content/gifts/questions.json", text: questionsJSON, summary: "the recommender's questions, one"),
            File(path: "content/gifts/images/warm-tea.svg", text: teaSVG, summary: "the gift's picture")
        ]
    }

    /// Every key `site.json` takes, with its default (and one `menu` link, to show its form);
    /// `title`, `description`, `baseURL` and `author` are yours to fill in.
    static let siteJSON = """
        {
          "title": "My sayings",
          "description": "A saying a day, in Korean and English",
          "baseURL": "https://example.org/",
          "language": "ko",
          "timezone": "\(timeZone)",
          "theme": "bonfire",
          "author": { "name": "Your name", "email": "you@example.org" },
          "newDays": 2,
          "feedLimit": 50,
          "cards": true,
          "unsafeHTML": false,
          "precompress": false,
          "menu": [{ "title": "About", "url": "about/" }]
        }

        """

    /// The starter sayings' authors (keys as `who` writes them): the name a Korean or English site
    /// shows, and other spellings search finds them by.
    static let authorsJSON = """
        {
          "Korean proverb": { "ko": "속담", "en": "Korean proverb" },
          "Laozi": { "ko": "노자", "en": "Laozi", "aliases": ["Lao Tzu", "老子"] }
        }

        """

    static func markdownSaying(time: String) -> String {
        """
        ---
        # A saying: front matter between the two --- lines, then an optional commentary in Markdown.
        # `id` is its address (sayings/well-begun/): letters, digits, `_` and `-`, unique in the site.
        id: well-begun
        # At least one of `kor` and `eng`. Quote a text that starts with a quote, `[` or `{`, or holds ` #`
        # (which starts a comment): eng: "Not # a comment"
        kor: 시작이 반이다
        eng: Well begun is half done
        who: Korean proverb
        # Published from this time on (in site.json's `timezone`); a later time waits for its day.
        time: \(time)
        tags: [beginning]   # optional
        ---
        The commentary is *Markdown*, shown on the saying's page and in the feeds.
        `modak new saying --kor "…" --eng "…" --who "…" --queue` adds a saying on the next free day.

        """
    }

    static func jsonSayings(times: [String]) -> String {
        """
        [
          {
            "id": "many-a-little",
            "kor": "티끌 모아 태산",
            "eng": "Many a little makes a mickle",
            "who": "Korean proverb",
            "time": "\(times[0])",
            "tags": ["patience"],
            "body": "A JSON file holds one saying or an array of them, with the keys of the Markdown front matter and \
        `body` for the commentary."
          },
          {
            "id": "thousand-miles",
            "kor": "천 리 길도 한 걸음부터",
            "eng": "A journey of a thousand miles begins with a single step",
            "who": "Laozi",
            "time": "\(times[1])",
            "tags": ["beginning", "patience"]
          }
        ]

        """
    }

    static func deliveredSouvenir(deliver: String) -> String {
        """
        ---
        # A souvenir is a message sealed until `deliver`: until then nothing of it is published.
        deliver: \(deliver)
        title: 첫 편지   # optional
        ---
        사이트를 만든 날 저녁에 도착한 편지예요. 오늘 시작한 일을 오래 이어 가기를!

        A letter that arrived on the evening the site was made.

        """
    }

    static func sealedSouvenir(deliver: String) -> String {
        """
        ---
        # Sealed for a year: the souvenirs page shows only that one message is waiting, and when it opens.
        deliver: \(deliver)
        title: 1년 뒤의 나에게
        ---
        일 년 전 오늘, 이 사이트를 시작했어요. 그동안 모은 말들을 한번 돌아보세요.

        """
    }

    static func notice(date: String) -> String {
        """
        ---
        # A notice is an announcement, listed on notices/; one dated after today waits for its day.
        title: 사이트를 열었습니다
        date: \(date)
        ---
        하루에 한 마디씩 새 명언을 전합니다. [피드](/feed.xml)로 구독할 수 있어요.

        One saying a day, in Korean and English. Subscribe to the [feed](/feed.xml).

        """
    }

    static let aboutPage = """
        ---
        # A free page, at about/: its address is `slug`, or the file name without it.
        title: 소개
        slug: about
        ---
        ## 이 사이트는

        한국어와 영어로 된 명언을 하루에 하나씩 모읍니다. 이 글은 `content/pages/about.md`에서 고칠 수 있어요.

        This page is `content/pages/about.md`: tell your readers who you are.

        """

    static let giftsJSON = """
        [
          {
            "id": "warm-tea",
            "name": "따뜻한 차 세트",
            "price": 15000,
            "image": "images/warm-tea.svg",
            "tags": ["drink"],
            "link": "https://example.org/gifts/warm-tea",
            "description": "The gift recommender picks from this catalogue: price in whole KRW, gender any, female or \
        male.",
            "gender": "any"
          }
        ]

        """

    static let questionsJSON = """
        [
          {"id": "q-drink", "text": "차나 커피를 즐겨 마시나요?", "tag": "drink"}
        ]

        """

    static let teaSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">\
        <circle cx="100" cy="100" r="96" fill="#FBEFE1"/>\
        <path d="M52 88h84v28a42 42 0 0 1-84 0z" fill="#BC4B51"/>\
        <path d="M136 96h10a14 14 0 0 1 0 28h-12" fill="none" stroke="#BC4B51" stroke-width="8"/>\
        <path d="M80 52c-8 10 8 14 0 24M100 48c-8 10 8 14 0 24" fill="none" stroke="#8C5A3C" stroke-width="5" \
        stroke-linecap="round"/>\
        <rect x="44" y="152" width="112" height="8" rx="4" fill="#8C5A3C"/></svg>

        """
}
