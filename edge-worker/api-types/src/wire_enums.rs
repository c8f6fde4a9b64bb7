//! The fixed values some request fields take, named for the OpenAPI document (ADR 0020). The
//! fields stay strings in the request types (a handler answers an unknown value with its own
//! message, not serde's); these types only give the document their `enum`, built from the lists
//! `lupa-core` parses with, and the tests below check each value parses and nothing else does.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

/// A JSON Schema `enum` of strings, named.
macro_rules! string_enum {
    ($(#[$doc:meta])* $name:ident = $values:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl JsonSchema for $name {
            fn schema_name() -> Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!({ "type": "string", "enum": $values })
            }
        }
    };
}

string_enum!(
    /// `taskOrder` of an analysis (`study::validate`).
    TaskOrder = ["fixed", "random"]
);
string_enum!(
    /// `track` of `POST …/segments` (`recording::Track::requested`: every track, 'audio' for transcription).
    SegmentTrack = ["screen", "camera", "audio"]
);
string_enum!(
    /// `analysisEntryStatus` of product §7's submit: the only status a participant may set.
    EntrySubmitted = ["submitted"]
);
string_enum!(
    /// `planName` of a checkout (`billing::plan`).
    PlanName = [lupa_core::billing::BASIC_MONTHLY.name]
);
string_enum!(
    /// `planBillingCycle` of a checkout (`billing::plan`).
    PlanBillingCycle = [lupa_core::billing::BASIC_MONTHLY.cycle]
);
string_enum!(
    /// The roles an admin may give (`Role::parse`, participants aside).
    AccountRole = ["admin", "customer"]
);
string_enum!(
    /// `role` of an invitation or a member's new role (`team::grantable_role`: never the owner).
    GrantableRole = ["admin", "researcher", "observer"]
);
string_enum!(
    /// `type` of a question before or after the tasks (`study::validate`).
    QuestionKind = ["text", "single", "multiple", "scale"]
);
string_enum!(
    /// `success` of a task answer (`insights::Success::parse`).
    TaskSuccess = ["yes", "no", "unsure"]
);
string_enum!(
    /// `kind` of a share link (`clips::ShareKind::parse`).
    ShareKindName = ["recording", "clip", "reel", "summary"]
);

/// `expiresInDays` of a share link (`clips::SHARE_DAYS`).
pub struct ShareDays;

impl JsonSchema for ShareDays {
    fn schema_name() -> Cow<'static, str> {
        "ShareDays".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "enum": lupa_core::clips::SHARE_DAYS })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lupa_core::auth::Role;
    use lupa_core::clips::ShareKind;
    use lupa_core::insights::Success;
    use lupa_core::recording::Track;
    use lupa_core::study::{validate, Questions, Study, StudyInput};

    fn values<T: JsonSchema>() -> Vec<String> {
        let schema = SchemaGenerator::default().into_root_schema_for::<T>();
        schema.get("enum").and_then(|v| v.as_array()).unwrap().iter().map(|v| v.to_string().replace('"', "")).collect()
    }

    #[test]
    fn each_value_is_one_the_server_parses_and_only_those() {
        let others = ["", "other", "Fixed", " screen"];
        let tracks: Vec<&str> = Track::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(values::<SegmentTrack>(), tracks);
        for v in values::<SegmentTrack>() {
            assert!(Track::requested(Some(&v)).is_ok(), "{v}");
        }
        for v in others {
            assert!(Track::requested(Some(v)).is_err(), "{v}");
        }
        for v in values::<TaskSuccess>() {
            assert!(Success::parse(&v).is_some(), "{v}");
        }
        for v in values::<ShareKindName>() {
            assert!(ShareKind::parse(&v).is_some(), "{v}");
        }
        for v in values::<GrantableRole>() {
            assert!(lupa_core::team::grantable_role(&v).is_some(), "{v}");
        }
        let grantable =
            lupa_core::team::TeamRole::ALL.iter().filter(|r| lupa_core::team::grantable_role(r.as_str()).is_some());
        assert_eq!(grantable.count(), values::<GrantableRole>().len());
        for v in others.iter().chain(&["owner", " admin"]) {
            assert!(lupa_core::team::grantable_role(v).is_none(), "{v}");
        }
        for v in values::<AccountRole>() {
            assert!(matches!(Role::parse(&v), Some(Role::Admin | Role::Customer)), "{v}");
        }
        for v in values::<TaskOrder>() {
            let input = StudyInput { task_order: Some(v.clone()), ..StudyInput::default() };
            assert!(validate(input, Study::none()).is_ok(), "{v}");
        }
        for v in others {
            let input = StudyInput { task_order: Some(v.into()), ..StudyInput::default() };
            assert!(validate(input, Study::none()).is_err(), "{v}");
        }
        for v in values::<QuestionKind>() {
            let json = serde_json::json!({"pre": [{"text": "¿?", "type": v, "options": ["a", "b"], "scale": 5}]});
            let questions: Questions = serde_json::from_value(json).unwrap();
            let input = StudyInput { questions: Some(questions), ..StudyInput::default() };
            assert!(validate(input, Study::none()).is_ok(), "{v}");
        }
        assert!(lupa_core::billing::plan(&values::<PlanName>()[0], &values::<PlanBillingCycle>()[0]).is_some());
        assert_eq!(values::<ShareDays>().len(), lupa_core::clips::SHARE_DAYS.len());
    }
}
