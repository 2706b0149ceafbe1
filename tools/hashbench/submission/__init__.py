"""The submission builder: a package in the NICCS layout into CryptHash
modules and their campaign entries (docs/submissions.md)."""
