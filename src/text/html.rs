//! Text made safe inside HTML, in an element or a quoted attribute: the
//! one escaping the site's own markup uses (references' previews, tables'
//! names, the served pages' reload script).

/// `&`, `<`, `>` and `"` as entities.
pub fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_special_character_is_an_entity() {
        assert_eq!(
            super::escaped(r#"a "b" <c> & d"#),
            "a &quot;b&quot; &lt;c&gt; &amp; d"
        );
        assert_eq!(super::escaped("plain"), "plain");
    }
}
