//! Where recordings live in R2, and removing them. Keys: `analyses/{analysis}/entries/{entry}/…`,
//! so everything of an analysis or an entry is one prefix.

use crate::error::{ApiError, ApiResult};
use crate::App;

pub fn analysis_prefix(analysis_id: &str) -> String {
    format!("analyses/{analysis_id}/")
}

/// Deletes every object under `prefix`, page by page.
pub async fn delete_prefix(app: &App, prefix: &str) -> ApiResult<()> {
    let bucket = app.env.bucket("RECORDINGS")?;
    loop {
        let page = bucket.list().prefix(prefix.to_string()).execute().await.map_err(|e| ApiError::internal(format!("R2 list: {e}")))?;
        let keys: Vec<String> = page.objects().iter().map(|o| o.key()).collect();
        if keys.is_empty() {
            return Ok(());
        }
        bucket.delete_multiple(keys).await.map_err(|e| ApiError::internal(format!("R2 delete: {e}")))?;
        if !page.truncated() {
            return Ok(());
        }
    }
}
