//! The stable error codes of the API, each with its HTTP status and its wording: one table, so a
//! code is never a free string and never answered with another status or other words (ADR 0014's
//! sibling for errors). Clients branch on the code; ts-rs exports the codes to the web as a union
//! (`web/src/lib/api-types/ErrorCode.ts`), and `lupa-api-types` writes the Spanish wordings to
//! `web/src/locales/es-errors.json` and which codes the server words to `web/src/lib/error-wording.ts`.
//!
//! A code is **fixed** (its wording is the whole message: raising it takes no text) or
//! **composed** (the server says which field, which limit or what needed it, so the raiser passes
//! the text). The two kinds are the two types [`Fixed`] and [`Composed`], so a handler can neither
//! give a fixed code other words nor forget the words of a composed one.
//!
//! Adding a code: one row below, then `npm run check:types -- --write`; a fixed one also needs its
//! English in `web/src/locales/en-errors.json` (`locales.test.ts` fails until it is there).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use strum::{IntoStaticStr, VariantArray};
use ts_rs::TS;

/// Declares [`ErrorCode`], [`Fixed`] and [`Composed`] from one table of rows
/// `Variant = status, "wording";` (fixed) and `Variant = status;` (composed).
macro_rules! error_codes {
    (
        fixed: { $( $(#[$fixed_doc:meta])* $fixed:ident = $fixed_status:literal, $wording:literal; )* }
        composed: { $( $(#[$composed_doc:meta])* $composed:ident = $composed_status:literal; )* }
    ) => {
        /// A stable, machine-readable reason for an error answer (`code` in every error body).
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, JsonSchema, IntoStaticStr, VariantArray,
        )]
        #[serde(rename_all = "snake_case")]
        #[strum(serialize_all = "snake_case")]
        #[ts(export)]
        pub enum ErrorCode {
            $( $(#[$fixed_doc])* $fixed, )*
            $( $(#[$composed_doc])* $composed, )*
        }

        /// The codes whose wording is fixed: the table's text is the whole message.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, VariantArray)]
        pub enum Fixed {
            $( $fixed, )*
        }

        /// The codes whose text the server composes at the place it raises them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, VariantArray)]
        pub enum Composed {
            $( $composed, )*
        }

        impl ErrorCode {
            /// The HTTP status every answer with this code has.
            pub const fn status(self) -> u16 {
                match self {
                    $( ErrorCode::$fixed => $fixed_status, )*
                    $( ErrorCode::$composed => $composed_status, )*
                }
            }

            /// The fixed wording (Spanish, the product document's), or `None` when the server composes it.
            pub const fn wording(self) -> Option<&'static str> {
                match self {
                    $( ErrorCode::$fixed => Some($wording), )*
                    $( ErrorCode::$composed => None, )*
                }
            }
        }

        impl Fixed {
            pub const fn code(self) -> ErrorCode {
                match self {
                    $( Fixed::$fixed => ErrorCode::$fixed, )*
                }
            }

            pub const fn wording(self) -> &'static str {
                match self {
                    $( Fixed::$fixed => $wording, )*
                }
            }
        }

        impl Composed {
            pub const fn code(self) -> ErrorCode {
                match self {
                    $( Composed::$composed => ErrorCode::$composed, )*
                }
            }
        }
    };
}

error_codes! {
    fixed: {
        AlreadyMember = 409, "Esa persona ya es miembro del equipo";
        AlreadyOwner = 409, "Ya eres la persona propietaria del equipo";
        /// Asking for a checkout while the workspace has a subscription (product §6).
        AlreadySubscribed = 400, "El usuario ya tiene una suscripción existente, gestiónala en el portal";
        AnalysisNotFound = 404, "Análisis no encontrado. Por favor, verifica tu ID de análisis e inténtalo de nuevo.";
        BadChunkIndex = 400, "Número de fragmento no válido";
        /// `x-lupa-start-ms` of a camera or audio chunk is not a number of ms from 0.
        BadChunkStart = 400, "x-lupa-start-ms debe ser un número de milisegundos desde 0";
        BadChunkTime = 400, "Falta el tiempo del fragmento (x-lupa-end-ms) o no es válido";
        BadClipRange = 400, "El final del clip debe ser posterior a su inicio y estar dentro de la grabación";
        BadNoteTime = 400, "El momento de la nota no es válido";
        /// A moderated session planned in the past or more than a year ahead (ADR 0024).
        BadPlannedAt = 400, "La hora prevista debe ser posterior a este momento y como mucho dentro de un año";
        BadRole = 400, "El rol debe ser admin o customer";
        BadStatus = 400, "El único estado admitido es 'submitted'";
        BadTeamRole = 400, "Elige un rol: administrador, investigador u observador";
        /// `tier` of a segment's opening that is not a whole number from 0 to 3 (issue 48).
        BadTier = 400, "El nivel de calidad de la grabación debe ser un número entero de 0 a 3";
        BillingUnavailable = 502, "No hemos podido cancelar la suscripción con el proveedor de pagos. Inténtalo de nuevo en unos minutos.";
        CameraOff = 409, "Este análisis no graba la cámara";
        /// Completing the local test-mode checkout while a subscription is already in force.
        CheckoutAlreadySubscribed = 409, "El usuario ya tiene una suscripción existente, gestiónala en el portal";
        CheckoutClosed = 409, "Esta sesión de pago ya no está abierta";
        ChunkConflict = 409, "Ese fragmento ya se recibió con otro tamaño";
        ChunkGone = 404, "Este fragmento de la grabación ya no está disponible.";
        ChunkInFlight = 409, "Ese fragmento aún se está recibiendo";
        ChunkLength = 400, "El fragmento no tiene la longitud declarada";
        ChunkTooLarge = 413, "El fragmento supera el tamaño permitido (4 MiB)";
        ChunkTooSmall = 409, "El fragmento es demasiado pequeño";
        /// A note's edit that would end a clip before its stored start, or past the recording.
        ClipPastEnd = 409, "El final del clip debe ser posterior a su inicio y estar dentro de la grabación";
        ConsentRequired = 400, "Debes aceptar los términos para continuar";
        CrossSite = 403, "Solicitud rechazada: origen no permitido";
        EmailTaken = 409, "No ha sido posible crear un usuario con este correo electrónico";
        EmptyChunk = 400, "El fragmento está vacío";
        EmptyRecording = 400, "Missing recording data";
        EmptyThumbnail = 400, "La miniatura está vacía";
        ExpiredSignature = 403, "El enlace ha caducado";
        Internal = 500, "Error interno, por favor inténtalo de nuevo más tarde";
        InvalidBody = 400, "Cuerpo de la solicitud no válido";
        InvalidCredentials = 401, "La combinación de email y contraseña es incorrecta";
        InvalidEmail = 400, "Introduce un correo válido";
        InvalidFields = 422, "Algún campo tiene un tipo incorrecto";
        InvalidPasswordChange = 400, "Revisa los campos del formulario";
        InvalidRegistration = 422, "Por favor, proporcione un correo electrónico y contraseña válidos";
        /// A reset token that is not one by its shape (the OpenAPI document's pattern).
        InvalidResetToken = 400, "Invalid or expired password reset token";
        InvalidWorkspaceName = 400, "El nombre del equipo debe tener entre 1 y 80 caracteres";
        InvitationInvalid = 404, "Esta invitación no es válida o ha caducado";
        InvitationNotFound = 404, "La invitación no existe o ya no está pendiente";
        InvitationWrongAccount = 403, "Esta invitación es para otra dirección de correo";
        LastAdmin = 409, "Debe quedar al menos un administrador";
        LengthRequired = 411, "Falta la cabecera Content-Length";
        MemberNotFound = 404, "Esa persona no es miembro del equipo";
        MethodNotAllowed = 405, "Método no permitido";
        MissingAnalysisId = 400, "Por favor, introduce un ID de análisis";
        MissingEntryId = 400, "Missing analysis entry ID for updating entry.";
        MissingFields = 422, "Introduce tu email y tu contraseña";
        MissingIds = 400, "Missing analysis ID or entry ID for upload";
        /// A transfer of ownership that names no member.
        MissingNewOwner = 400, "Elige a qué miembro del equipo pasas la propiedad";
        MissingRecording = 409, "Missing recording data";
        MissingResetToken = 400, "No password reset token provided";
        /// Deleting a team without typing its name at all (a typed name that differs is 409).
        MissingWorkspaceName = 400, "Escribe el nombre del equipo tal como aparece para confirmar";
        NoParticipation = 404, "No tienes ninguna participación sin terminar";
        /// No places left when the request is checked (product §7's validate-participation).
        NoPlaces = 400, "No hay plazas disponibles para este análisis.";
        NoQuestions = 404, "Este análisis no tiene preguntas en ese momento";
        NoScreenSegment = 409, "Empieza primero la grabación de la pantalla";
        NoSegment = 404, "Ese tramo de la grabación no existe";
        NoSubscription = 409, "No tienes ninguna suscripción activa";
        NoSuchTask = 404, "Esa tarea no existe en este análisis";
        NoTeamAccess = 404, "Ya no tienes acceso a este equipo";
        NoThumbnail = 404, "Esta participación no tiene miniatura";
        NotAMember = 404, "No eres miembro de este equipo";
        NotAdmin = 403, "User is not authorized to view this page - please log in again";
        NotFound = 404, "No encontrado";
        /// A thumbnail whose bytes are not a JPEG.
        NotJpeg = 400, "La miniatura debe ser una imagen JPEG";
        /// A thumbnail sent with another content type than `image/jpeg`.
        NotJpegType = 415, "La miniatura debe ser una imagen JPEG";
        NotYourEntry = 403, "Esta participación no pertenece a este navegador. Vuelve a empezar desde el enlace de invitación.";
        NoteTimePastEnd = 409, "El momento de la nota no es válido";
        NoteTooLong = 400, "La nota puede tener como máximo 2000 caracteres";
        OnlyOwner = 403, "Solo la persona propietaria puede eliminar el equipo";
        OwnerCannotLeave = 403, "La persona propietaria no puede abandonar el equipo";
        OwnerProtected = 403, "No se puede cambiar el rol ni eliminar a la persona propietaria del equipo";
        ParticipantLogin = 403, "El inicio de sesión de participantes aún no está disponible. Si necesitas ayuda, contacta con soporte.";
        /// The participation's object or the database says the participation is gone.
        ParticipationGone = 404, "Esta participación ya no existe";
        PasswordMismatch = 400, "Las contraseñas no coinciden";
        PayloadTooLarge = 413, "La solicitud es demasiado grande";
        PersonalWorkspace = 403, "Tu espacio de trabajo personal no se puede eliminar: se elimina con tu cuenta";
        /// The last places went to others between the check and the claim, or while resuming.
        PlacesTaken = 409, "No hay plazas disponibles para este análisis.";
        /// A pre-flight uplink probe over 512 KiB (issue 48), refused before or while it is read.
        ProbeTooLarge = 413, "La prueba de conexión supera el tamaño permitido (512 KiB)";
        QuestionsOff = 409, "Este análisis no hace preguntas sobre las tareas";
        RateLimited = 429, "Demasiados intentos. Espera unos minutos y vuelve a intentarlo.";
        RecordingNotReady = 404, "La grabación aún no está disponible";
        RecordingTooLarge = 413, "La grabación ha alcanzado el tamaño máximo permitido. Puedes finalizar el análisis con lo grabado hasta ahora.";
        RecordingTooLong = 413, "La grabación ha alcanzado la duración máxima permitida. Puedes finalizar el análisis con lo grabado hasta ahora.";
        ScreenedOut = 403, "Gracias, este estudio busca otro perfil";
        SegmentClosed = 409, "Este tramo de la grabación ya está cerrado";
        SelfDelete = 409, "No puedes eliminar tu propia cuenta";
        /// A moderated session deleted, ended or never made; its link stops working (ADR 0024).
        SessionNotFound = 404, "La sesión no existe o ha terminado.";
        ShareTargetMissing = 409, "No se encuentra lo que quieres compartir en este análisis";
        ShareUnavailable = 404, "Este enlace ya no está disponible";
        SummariesOff = 409, "Este análisis no tiene activados los resúmenes con IA";
        SummariesUnavailable = 503, "Resúmenes no disponibles en este servidor";
        SummaryNotReady = 409, "El resumen se hace cuando la transcripción está completa";
        SusOff = 409, "Este análisis no incluye el cuestionario SUS";
        TeamRoleForbidden = 403, "Tu rol en este equipo no permite esta acción";
        ThemeNotFound = 404, "Ese tema no existe";
        /// Themes need complete summaries of two participations (ADR 0021).
        ThemesNotReady = 409, "Los temas se hacen cuando hay al menos dos participaciones resumidas";
        ThumbnailLength = 400, "La miniatura no tiene la longitud declarada";
        ThumbnailTooLarge = 413, "La miniatura supera el tamaño permitido (256 KiB)";
        ThumbnailTooManyPixels = 400, "La miniatura tiene demasiados píxeles";
        TooManyChunks = 413, "La grabación tiene demasiados fragmentos";
        /// An eleventh observer in a moderated session's room (ADR 0024).
        TooManyObservers = 429, "Ya hay 10 personas observando esta sesión. Inténtalo más tarde.";
        TooManySegments = 409, "La participación se ha interrumpido demasiadas veces";
        TooManySteps = 400, "Demasiadas marcas de paso";
        TooManyViewers = 429, "Ya hay 10 personas viendo esta participación en directo. Inténtalo más tarde.";
        /// An audio chunk for a participation that is not transcribed (ADR 0018).
        TranscriptionOff = 409, "Este análisis no transcribe sus grabaciones";
        /// A well-formed reset token with no link behind it (never made, used or expired).
        UnknownResetToken = 404, "Invalid or expired password reset token";
        UnknownPlan = 400, "Plan no disponible";
        UnsupportedMediaType = 415, "El cuerpo de la solicitud debe ser JSON";
        /// A segment opened with a recording format the product does not take.
        UnsupportedMime = 400, "Formato de grabación no admitido";
        /// A single-file recording upload whose `content-type` is not a recording format.
        UnsupportedUpload = 415, "Formato de grabación no admitido";
        UpgradeRequired = 426, "Esta dirección solo admite una conexión WebSocket.";
        WeakPassword = 422, "La nueva contraseña no es válida";
        WorkspaceNameMismatch = 409, "Escribe el nombre del equipo tal como aparece para confirmar";
        WrongCurrentPassword = 401, "La contraseña actual no es correcta";
    }
    composed: {
        /// The analysis's places are fewer than what it asks for, with the counts.
        AnalysisFull = 409;
        BadEvent = 400;
        /// Which filter of a listing is wrong.
        BadFilter = 400;
        BadSignature = 403;
        BadTags = 400;
        BadTitle = 400;
        /// A transcript search the query rules refuse (422: well-formed JSON, unusable query).
        BadTranscriptQuery = 422;
        EmptyNote = 400;
        /// Which rule of an analysis is broken, with the details in `errors`.
        InvalidAnalysis = 400;
        InvalidAnswer = 400;
        InvalidJson = 400;
        InvalidPid = 400;
        InvalidReel = 400;
        InvalidScreenerAnswers = 409;
        InvalidShare = 400;
        InvalidSus = 400;
        InvalidTrack = 400;
        /// The transcription settings of an analysis (language, summaries) are not valid.
        InvalidTranscription = 422;
        /// A fewer maximum of participants than the analysis has submissions.
        MaxBelowSubmitted = 409;
        Misconfigured = 503;
        /// A note's edit that leaves it without words, or a title too long, with the stored note.
        NoteConflict = 409;
        /// Well-formed answers that do not fit this analysis's questions.
        AnswersMismatch = 409;
        /// A reel's clips that this analysis does not have, or more than a reel takes.
        ReelConflict = 409;
        /// What needed the subscription (creating, changing, clips, reels, shares).
        SubscriptionRequired = 402;
        Unauthorized = 401;
    }
}

impl ErrorCode {
    /// Every code, fixed ones first.
    pub const ALL: &'static [ErrorCode] = ErrorCode::VARIANTS;

    /// The code as it is on the wire (`"themes_not_ready"`).
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::{Composed, ErrorCode, Fixed};
    use strum::VariantArray;

    #[test]
    fn the_names_serde_writes_are_the_ones_as_str_gives() {
        for code in ErrorCode::ALL {
            let json = serde_json::to_string(code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }

    #[test]
    fn every_code_is_fixed_or_composed_and_says_which() {
        assert_eq!(Fixed::VARIANTS.len() + Composed::VARIANTS.len(), ErrorCode::ALL.len());
        assert!(Fixed::VARIANTS.iter().all(|f| f.code().wording() == Some(f.wording())));
        assert!(Composed::VARIANTS.iter().all(|c| c.code().wording().is_none()));
    }

    #[test]
    fn statuses_are_errors_and_wordings_are_sentences() {
        for code in ErrorCode::ALL {
            assert!((400..600).contains(&code.status()), "{code}: {}", code.status());
            if let Some(text) = code.wording() {
                assert!(!text.trim().is_empty() && text.trim() == text, "{code}: {text:?}");
            }
        }
        assert_eq!((ErrorCode::ThemesNotReady.status(), Fixed::NotFound.wording()), (409, "No encontrado"));
    }
}
