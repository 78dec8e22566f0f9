//! The wording of `crate::text::wording` as Tera filters, so the content's
//! sentences and the figures' Rust text say a count or a share alike.

use tera::{Kwargs, State, Tera};

use crate::text::wording::{count_word, kind_name, of_total, plural, rule_name};

/// Registers the filters `plural(one=, many=, zero=)`,
/// `of_total(total=, one=, many=)`, `word` (a small count in words: `one`),
/// `kind_name` and `rule_name` (a rule as the prose names it: `hex:·8` is
/// `·8`, `sub:1,3,4` is `{1, 3, 4}`) on `tera`.
pub fn register(tera: &mut Tera) {
    tera.register_filter(
        "plural",
        |n: u64, kwargs: Kwargs, _: &State| -> tera::TeraResult<String> {
            let one: String = kwargs.must_get("one")?;
            let many: String = kwargs.must_get("many")?;
            let zero: Option<String> = kwargs.get("zero")?;
            Ok(plural(n, &one, &many, zero.as_deref()))
        },
    );
    tera.register_filter(
        "of_total",
        |n: u64, kwargs: Kwargs, _: &State| -> tera::TeraResult<String> {
            let total: u64 = kwargs.must_get("total")?;
            let one: String = kwargs.must_get("one")?;
            let many: String = kwargs.must_get("many")?;
            Ok(of_total(n, total, &one, &many))
        },
    );
    tera.register_filter("word", |n: u64, _: Kwargs, _: &State| count_word(n));
    tera.register_filter("kind_name", |kind: &str, _: Kwargs, _: &State| {
        kind_name(kind)
    });
    tera.register_filter("rule_name", |rule: &str, _: Kwargs, _: &State| {
        rule_name(rule)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filters_render_each_form() {
        let mut tera = Tera::default();
        register(&mut tera);
        let out = tera
            .render_str(
                "{{ 0 | plural(one='pair has', many='pairs have', zero='no pair has') }}; \
                 {{ 1 | plural(one='break', many='breaks') }}; \
                 {{ 1770 | of_total(total=1770, one='pair', many='pairs') }}; \
                 {{ 'guy-smith-k3' | kind_name }}; {{ 'hex:·8' | rule_name }}; \
                 {{ 1 | word }}, {{ 10 | word }}, {{ 1024 | word }}",
                &tera::Context::new(),
                false,
            )
            .unwrap();
        assert_eq!(
            out,
            "no pair has; 1 break; all 1,770 pairs; Guy–Smith window (K = 3); ·8; one, ten, 1,024"
        );
    }
}
