import ModakCore

extension ModakCommands {
    /// `modak new saying|souvenir|notice|page`.
    static let new = Command(
        "new", abstract: "Write one new content file: a saying, a souvenir, a notice or a page.",
        discussion: [
            """
            The new file is checked with the rest of the content (so ids and slugs stay unique) and written \
            atomically, 
            """
                + """
                never over an existing file; if anything is wrong, nothing is written and the text you typed is \
                printed back.
                """,
            "Ids, slugs and file names not given are made of lowercase ASCII words from the text (a saying's from its "
                + """
                English, else its Korean, else who said it, else its date), Korean romanised in the Revised \
                Romanization, 
                """
                + "syllable by syllable (모닥불 → modakbul), a final consonant moving to a following vowel (있으면 → "
                + "isseumyeon); `-2`, `-3`… follow a name already taken."
        ],
        subcommands: [saying, souvenir, notice, page]
    )

    static let saying = Command(
        "saying", abstract: "Add a saying, published now, at a given time or on the next free day.",
        arguments: [Arguments.commentary],
        options: [
            Options.content, Options.kor, Options.eng, Options.who, Options.time, Options.queue, Options.id,
            Options.tags
        ],
        examples: [
            Example(
                "modak new saying --kor \"티끌 모아 태산\" --eng \"Many a little makes a mickle\" --who Proverb --queue",
                "scheduled on the next day without a saying")
        ],
        action: .newSaying
    )

    static let souvenir = Command(
        "souvenir", abstract: "Seal a message until its delivery time (a time-capsule souvenir).",
        arguments: [Arguments.message],
        options: [
            Options.content, Options.deliver,
            Options.title.with(help: "The souvenir's title, shown once it is delivered.")
        ],
        examples: [
            Example("modak new souvenir --deliver 2027-01-01 --title \"새해\" < letter.md", "opened on New Year's Day")
        ],
        action: .newSouvenir
    )

    static let notice = Command(
        "notice", abstract: "Post a notice; one dated after today is published on its day.",
        arguments: [Arguments.message],
        options: [
            Options.content, Options.title.with(help: "The notice's title.", required: true), Options.noticeDate,
            Options.slug.with(default: .described("its date and title"))
        ],
        action: .newNotice
    )

    static let page = Command(
        "page", abstract: "Add a free page (about, how to use…).",
        arguments: [Arguments.text],
        options: [Options.content, Options.title.with(help: "The page's title.", required: true), Options.slug],
        examples: [
            Example(
                "modak new page --title \"How to use\" < how-to-use.md", "content/pages/how-to-use.md, at how-to-use/")
        ],
        action: .newPage
    )
}
