# Appends the two new corpora's labelled items to labelled-set.json (run once; deterministic).
# Labels were written by reading the Langfuse documents and Instructure's filled CAIQ v4.0.3
# (tests/fixtures/SOURCES.md); question texts are copied here from the questionnaire files.
import csv, hashlib, json, re, sys, zipfile, xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FX = ROOT / 'tests/fixtures'
SET = ROOT / 'tests/quality/labelled-set.json'

CAIQ4 = 'questionnaires/csa_reference/csa_caiq_v4.0.3_questions_normalized.csv'
CAIQ3 = 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx'
HECVAT = 'questionnaires/HECVAT414_blank_sagearbor.xlsx'
CH = {'caiq4': ['Yes', 'No', 'NA'], 'caiq3': ['Yes', 'No', 'Not Applicable'], 'hecvat': ['Yes', 'No', 'N/A']}
FILE = {'caiq4': CAIQ4, 'caiq3': CAIQ3, 'hecvat': HECVAT}

def caiq4():
    return {r['CAIQ_Question ID'].strip(): r['CAIQ_Consensus Assessments Question'].strip() for r in csv.DictReader(open(FX / CAIQ4, encoding='utf-8'))}

def hecvat():
    h = json.load(open(FX / 'questionnaires/HECVAT414_questions_sagearbor.json'))
    return {q['id']: q['question'] for q in h['questions']}

def caiq3():
    sys.path.insert(0, str(Path(__file__).parent))
    from xlsx_cells import read
    rows = read(FX / CAIQ3)['CSA CAIQ v3.0.1']
    return {c[3]: c[5] for c in rows.values() if 3 in c and 5 in c and re.match(r'^[A-Z]{3}-\d\d\.\d', str(c[3]))}

Q = {'caiq4': caiq4(), 'hecvat': hecvat(), 'caiq3': caiq3()}

# ---- Langfuse (corpus "lf"): (questionnaire, id, passages, choice, faq questions that ask the same, note)
LF = [
 ('caiq4', 'CEK-03.1', ['TLS 1.2+ protects traffic; all stored data uses AES‑256 encryption, with optional BYOK/HSM for dedicated tenants.', 'All data transferred between your applications, the Langfuse SDKs, and the Langfuse server is encrypted using **TLS 1.2 (Transport Layer Security)**.', 'Data stored within the Langfuse infrastructure is encrypted at rest using **AES-256**, a strong industry-standard encryption algorithm.', 'We encrypt all data at rest and in transit using TLS.'], None, ['How is data encrypted in transit and at rest?'], 'encryption at rest and in transit is stated; certified cryptographic libraries are not (the overview sentence added after a review of the drafter\'s misses: it answers as the others do)'),
 ('hecvat', 'DATA-02', ['TLS 1.2+ protects traffic; all stored data uses AES‑256 encryption, with optional BYOK/HSM for dedicated tenants.', 'All data transferred between your applications, the Langfuse SDKs, and the Langfuse server is encrypted using **TLS 1.2 (Transport Layer Security)**.', 'We encrypt all data at rest and in transit using TLS.'], 'yes', ['How is data encrypted in transit and at rest?'], None),
 ('hecvat', 'DATA-03', ['Data stored within the Langfuse infrastructure is encrypted at rest using **AES-256**, a strong industry-standard encryption algorithm.', 'TLS 1.2+ protects traffic; all stored data uses AES‑256 encryption, with optional BYOK/HSM for dedicated tenants.', 'We encrypt all data at rest and in transit using TLS.'], 'yes', ['How is data encrypted in transit and at rest?'], None),
 ('hecvat', 'DATA-14', ['Encrypted backups stored cross‑region on AWS/Clickhouse Cloud; tested at least annually for restoration integrity.'], 'yes', [], 'a table cell of data-regions'),
 ('caiq4', 'BCR-08.1', ['We use Point-in-Time Recovery (PITR) with database backups and Write Ahead Log.', 'Postgres: 7d retention. Clickhouse: 6-hourly backups (4d retention). S3: 7d versioning retention.', 'Encrypted backups stored cross‑region on AWS/Clickhouse Cloud; tested at least annually for restoration integrity.'], 'yes', [], None),
 ('caiq4', 'BCR-08.3', ['Encrypted backups stored cross‑region on AWS/Clickhouse Cloud; tested at least annually for restoration integrity.', 'Regular recovery tests with logged results', 'Automated restoration tools'], 'yes', [], None),
 ('hecvat', 'DATA-12', ['Encrypted backups stored cross‑region on AWS/Clickhouse Cloud; tested at least annually for restoration integrity.'], 'yes', [], 'cross-region storage is off-site'),
 ('hecvat', 'DATA-13', [], None, [], 'cloud backups only; physical media are not mentioned'),
 ('caiq4', 'TVM-06.1', ['Independent penetration tests occur annually, plus continuous vulnerability scans.', 'As part of this commitment, we undergo **annual external penetration tests**.', 'These tests are conducted by independent, third-party security experts to:'], 'yes', ['How often are third‑party pen tests performed, and are results shareable?'], None),
 ('hecvat', 'VULN-04', ['Independent penetration tests occur annually, plus continuous vulnerability scans.', 'As part of this commitment, we undergo **annual external penetration tests**.', 'We take active steps to demonstrate our commitment to data security and privacy such as annual SOC2 Type 2 and ISO27001 audits as well as External Penetration Tests.'], 'yes', ['How often are third‑party pen tests performed, and are results shareable?'], None),
 ('hecvat', 'VULN-06', ['Independent penetration tests occur annually, plus continuous vulnerability scans.', 'Automated vulnerability scanning'], None, ['How often are third‑party pen tests performed, and are results shareable?'], 'scans are continuous; that they are external is not stated'),
 ('hecvat', 'DOCU-03', ['Langfuse Cloud is SOC 2 Type II and ISO 27001 compliant; GDPR & HIPAA controls are implemented.', 'Langfuse has successfully completed the SOC 2 Type II audit, which examines the operational effectiveness of our security controls over a period of time (typically 6-12 months).', 'Langfuse has achieved SOC 2 Type II certification, demonstrating our commitment to security, availability, processing integrity, confidentiality, and privacy.'], 'yes', ['Which audits and attestations are in place?'], None),
 ('hecvat', 'DOCU-04', ['Langfuse Cloud is SOC 2 Type II and ISO 27001 compliant; GDPR & HIPAA controls are implemented.', 'We take active steps to demonstrate our commitment to data security and privacy such as annual SOC2 Type 2 and ISO27001 audits as well as External Penetration Tests.'], 'yes', ['Which audits and attestations are in place?'], 'ISO 27001'),
 ('caiq4', 'A&A-02.1', ['We take active steps to demonstrate our commitment to data security and privacy such as annual SOC2 Type 2 and ISO27001 audits as well as External Penetration Tests.'], 'yes', [], None),
 ('hecvat', 'HFIH-01', ['Our Incident Response Plan provides a structured framework to ensure we detect and react to security incidents swiftly, requiring all personnel to report any suspected event within 24 hours.', 'Documented incident‑response process covering authority notifications', 'We follow a standard incident identification and response process.', 'Security incident response plan'], 'yes', ['What is the incident‑response process?'], None),
 ('hecvat', 'HFIH-02', ['A dedicated team then works to contain, resolve, and recover from the incident, preserving forensic evidence and meticulously documenting all actions taken.'], 'yes', [], None),
 ('hecvat', 'HFIH-03', ['24 × 7 monitoring triggers an on‑call engineer; affected customers are notified and post‑mortems are published for larger incidents.'], 'yes', ['What is the incident‑response process?'], 'an on-call engineer around the clock'),
 ('caiq4', 'SEF-07.1', ['We will notify customers of any breach without delay.', 'At most within 72 hours.', 'Following resolution, we conduct a post-mortem analysis to identify the root cause, and in the event of a data breach involving sensitive information, we are committed to notifying all affected parties and relevant authorities.'], 'yes', [], None),
 ('hecvat', 'PPPR-10', ['Following resolution, we conduct a post-mortem analysis to identify the root cause, and in the event of a data breach involving sensitive information, we are committed to notifying all affected parties and relevant authorities.', 'We will notify customers of any breach without delay.'], None, [], 'notification is promised; compliance with the laws is not stated'),
 ('hecvat', 'PPPR-06', ['All staff pass background checks, sign NDAs and complete security training.', 'Our policy ensures that all personnel undergo background checks (ID and reference calls), agree to our terms, and receive security awareness training to handle data responsibly.'], None, ['How are employees vetted and trained?', 'How does the Acceptable Use Policy look like?'], 'background checks for all staff; before the first day is not stated'),
 ('hecvat', 'PPPR-12', ['All staff pass background checks, sign NDAs and complete security training.', 'Regular security training for all staff', 'Our policy ensures that all personnel undergo background checks (ID and reference calls), agree to our terms, and receive security awareness training to handle data responsibly.'], 'yes', ['How are employees vetted and trained?'], None),
 ('hecvat', 'PPPR-07', ['All staff pass background checks, sign NDAs and complete security training.', 'Our policy ensures that all personnel undergo background checks (ID and reference calls), agree to our terms, and receive security awareness training to handle data responsibly.'], None, ['How are employees vetted and trained?'], 'agreements (NDAs, terms) yes; reviewing policies is not stated'),
 ('hecvat', 'PPPR-15', ['Physical Security Policy', 'Our Berlin and San Francisco office are to be treated a shared space with controlled after-hours access, treated similarly to a co-working environment.', 'As we do not operate our own data center, all physical security for our data centers is managed by our third-party cloud providers.'], 'yes', ['How does Langfuse physical security?'], None),
 ('caiq4', 'IAM-14.1', ['Enforced MFA where applicable', 'OIDC SSO, email/password, and SCIM provisioning; MFA or passkeys can be enforced via your IdP.'], None, [], 'MFA "where applicable"'),
 ('hecvat', 'DCTR-14', ['Enforced MFA where applicable'], None, [], 'MFA "where applicable", not for all administrative accounts'),
 ('hecvat', 'AAAI-01', ['All users have access to SSO (Single Sign-On) through OAuth 2.0 with Google, GitHub, and Azure.', 'Langfuse supports **Enterprise SSO** (e.g. Okta, Azure AD, Keycloak etc.).', 'OIDC SSO, email/password, and SCIM provisioning; MFA or passkeys can be enforced via your IdP.'], 'yes', ['Which authentication options are supported?'], None),
 ('hecvat', 'AAAI-15', ['OIDC SSO, email/password, and SCIM provisioning; MFA or passkeys can be enforced via your IdP.'], 'yes', ['Which authentication options are supported?'], 'OIDC'),
 ('hecvat', 'AAAI-04', ['Langfuse enforces standard password complexity requirements.'], 'yes', [], None),
 ('hecvat', 'AAAI-17', [], None, [], 'MFA only through the customer\'s IdP (SSO); nothing for local accounts'),
 ('hecvat', 'APPL-01', ['Langfuse supports Role-based Access Control (RBAC).', 'RBAC lets you scope roles to organisation or project.'], 'yes', ['How is least‑privilege enforced?'], None),
 ('caiq4', 'IAM-05.1', ['Minimum number of administrators', 'RBAC lets you scope roles to organisation or project.'], None, ['How is least‑privilege enforced?'], 'the customer-facing RBAC and few administrators; the principle for staff access is not stated'),
 ('caiq4', 'IVS-05.1', ['Separation of production and test environments'], 'yes', [], 'a TOMs list item'),
 ('hecvat', 'DATA-19', ['Langfuse Cloud is multi-tenant only.', 'Cloud tenants are logically isolated by project‑level RBAC; on-premise deployments can use a dedicated database.'], 'no', ['Can I deploy Langfuse in a single-tenant environment?', 'How is tenant isolation enforced?'], 'no single-tenant cloud'),
 ('caiq4', 'IVS-06.1', ['Cloud tenants are logically isolated by project‑level RBAC; on-premise deployments can use a dedicated database.'], None, ['How is tenant isolation enforced?'], 'segregated yes; monitored and restricted are not stated'),
 ('hecvat', 'DCTR-03', ['Yes—EU, US and HIPAA‑ready US zones are available, and self‑hosted deployments let you choose any region.', 'Langfuse Cloud is designed for high availability and offers multiple data regions to meet your needs.'], 'yes', ['Can customers pin data to specific regions?'], None),
 ('hecvat', 'DCTR-08', ['Multi‑AZ databases & load‑balanced stateless application layer on AWS.', 'Using multiple availability zones within a cloud region', 'Langfuse Cloud is designed for high availability and offers multiple data regions to meet your needs.'], 'yes', [], None),
 ('hecvat', 'DCTR-07', ['Using multiple availability zones within a cloud region'], None, [], 'several availability zones in one region; geographic diversity is not stated'),
 ('hecvat', 'DOCU-01', ['Business continuity and disaster‑recovery plan'], None, [], 'a plan is listed; its owner and an annual test are not stated'),
 ('caiq4', 'DSP-11.1', ['**Data Subject Access Request (DSAR):** You can submit a request regarding your personal data using our [DSAR Form](https://app.termly.io/notify/47905712-56e1-4ad0-9bb7-8958f3263f90).', 'Formal DSAR process'], 'yes', [], None),
 ('hecvat', 'DOCU-06', ['**Privacy Policy:** For detailed information on how we handle personal data, please see our [Privacy Policy](/privacy).', 'We have policies in place data protection, classification, and retention.'], 'yes', ['What policies do you have in place for data protection and privacy?'], None),
 ('hecvat', 'DATA-09', ['Upon termination, Langfuse will return or destroy Client Data within 30 days.'], 'yes', ['How do you delete data after the End of the Contract?'], None),
 ('caiq4', 'IPY-02.1', ['Each project can set its own retention window; data older than that is purged nightly, and users/API can trigger immediate deletion or export.', 'Customers can delete single traces, batches, projects, organisations, or user accounts via the UI or the public API.'], 'yes', ['What retention, deletion and export controls exist?'], 'export through the API'),
 ('hecvat', 'THRD-01', ['We verify their compliance by reviewing security documentation, such as SOC 2 or ISO 27001 reports, to ensure their practices align with our standards.', 'Vendor due‑diligence and DPAs/SCCs in place'], 'yes', ['How does Langfuse manage its vendors?'], None),
 ('hecvat', 'THRD-04', ['Langfuse maintains an inventory of all vendors and classify them by risk level based on the data they access.', 'For all third parties, especially high-risk vendors, we enforce strict contractual requirements covering security and privacy.'], 'yes', ['How does Langfuse manage its vendors?'], None),
 ('caiq4', 'STA-07.1', ['Langfuse maintains an inventory of all vendors and classify them by risk level based on the data they access.'], 'yes', ['How does Langfuse manage its vendors?'], None),
 ('caiq4', 'GRC-02.1', ['Langfuse manages risk through a formal process of identifying threats and vulnerabilities to our assets.', 'All high and critical risks must be treated, and our entire risk management framework is reviewed at least annually to adapt to new threats.'], None, ['How does Langfuse manage risk?'], 'a formal process; leadership sponsorship and acceptance are not stated'),
 ('hecvat', 'COMP-04', ['Langfuse CTO leads security efforts at Langfuse and reviews risk quarterly and drives continuous improvement.'], None, ['Who owns security inside Langfuse?'], 'the CTO leads security; a dedicated staff or office is not stated'),
 ('hecvat', 'PPPR-08', ['Information Security Policy', 'Langfuse maintains a list of policies to meet or exceed requirements from the SOC 2 Type II and ISO 27001 certifications.'], 'yes', ['Which policies does Langfuse have in place?'], None),
 ('caiq4', 'UEM-08.1', ['It mandates strict security measures such as whole-disk encryption on laptops, protection against malware, and rules for the proper handling of sensitive information.', 'Encryption of devices'], 'yes', ['How does the Acceptable Use Policy look like?'], None),
 ('caiq4', 'UEM-06.1', ['Automatic desktop lock'], 'yes', [], None),
 ('hecvat', 'AAAI-18', [], None, [], 'application session time-outs are not mentioned (the desktop lock is for staff devices)'),
 ('caiq4', 'HRS-03.1', ['Consequently, all personnel are required to follow a strict clean desk policy, utilizing lockable storage and shredders to ensure no sensitive information is left unattended.'], None, ['How does Langfuse physical security?'], 'a clean desk policy; its approval, evaluation and upkeep are not stated'),
 ('hecvat', 'APPL-06', ['Every commit passes our CI pipeline of end-to-end, unit, and security tests.'], None, ['What secure‑coding and testing practices are in place?'], 'security tests; static analysis is not named'),
 ('hecvat', 'APPL-07', ['Every commit passes our CI pipeline of end-to-end, unit, and security tests.'], 'yes', ['What secure‑coding and testing practices are in place?'], None),
 ('hecvat', 'APPL-02', ['Langfuse runs on AWS in isolated VPCs with WAF and AWS Shield for DDoS mitigation.'], 'yes', ['Where is Langfuse Cloud hosted and how is the perimeter protected?'], None),
 ('caiq4', 'LOG-08.1', ['Logging of access to applications or databases (entering, changing, deleting data)'], 'yes', [], None),
 ('hecvat', 'AISC-02', ['No—customer traces and prompts are processed only to provide the Langfuse service and are never used to train internal or third‑party ML models.', 'No. Langfuse does not train or fine‑tunes ML/LLM models on Client Data.', 'No. Langfuse does not repurpose customer data for external benchmarks or model training.', 'We do not use any of your data for model training and treat it confidentially ([terms and conditions](/terms)).'], 'no', ['Do you ever use customer data to train models or analytics?', 'Do you use customer data to train AI models?', 'Is prompt/trace data ever used for benchmarking or training?'], None),
 ('hecvat', 'VULN-03', ['Yes—please run penetration tests in self-hosted deployments.'], None, ['Can customers run their own pen‑tests?'], 'only on self-hosted deployments'),
 ('hecvat', 'HFIH-04', [], None, [], None),
 ('hecvat', 'AAAI-06', [], None, [], None),
 ('caiq4', 'CEK-12.1', [], None, [], None),
 ('caiq4', 'DCS-10.1', [], None, [], 'data-centre security is left to the cloud providers, not described'),
 ('caiq4', 'HRS-05.1', [], None, [], None),
 ('hecvat', 'DATA-04', [], None, [], None),
 ('hecvat', 'CHNG-09', [], None, [], None),
 ('hecvat', 'AAAI-09', [], None, [], None),
]

# ---- Instructure's filled CAIQ v4.0.3 as the answer library (corpus "inst"): (questionnaire, id, library rows, choice, note)
INST = [
 ('caiq3', 'AIS-01.4', [], None, None),
 ('caiq3', 'AAC-02.5', ['A&A-02.1'], 'yes', None),
 ('caiq3', 'BCR-02.1', ['BCR-06.1'], 'yes', None),
 ('caiq3', 'BCR-07.5', [], None, 'restore in general (BCR-08.3), not independent of the provider'),
 ('caiq3', 'CCC-01.1', [], None, 'v4 CCC-01.1 is about changes to existing assets, not authorising new acquisitions'),
 ('caiq3', 'DSI-01.1', [], None, None),
 ('caiq3', 'DSI-03.2', ['IVS-03.2'], 'yes', None),
 ('caiq3', 'DCS-03.1', ['DCS-08.1'], 'yes', 'v4 drops "based on known equipment location"'),
 ('caiq3', 'EKM-02.2', [], None, 'CEK-08.1 asks the reverse: customers managing their own keys'),
 ('caiq3', 'EKM-04.3', [], None, None),
 ('caiq3', 'GRM-05.1', ['STA-12.1'], 'yes', None),
 ('caiq3', 'GRM-10.1', ['GRC-02.1'], None, 'a risk management program; annual assessments of likelihood and impact are not stated'),
 ('caiq3', 'HRS-03.4', [], None, 'training is required within 30 days of hire (HRS-11.2), not as a condition of access'),
 ('caiq3', 'HRS-09.1', ['HRS-11.1', 'HRS-11.2', 'HRS-12.1'], None, 'awareness training for all; role-based cloud-specific content is not stated'),
 ('caiq3', 'IAM-02.1', ['IAM-07.1'], 'yes', None),
 ('caiq3', 'IAM-07.3', [], None, None),
 ('caiq3', 'IAM-10.2', [], None, None),
 ('caiq3', 'IAM-12.7', [], None, None),
 ('caiq3', 'IVS-01.3', [], None, 'GRC-07.1 identifies requirements; mapping them to controls is not asked there'),
 ('caiq3', 'IVS-05.1', [], None, None),
 ('caiq3', 'IVS-09.2', [], None, None),
 ('caiq3', 'IVS-13.2', ['IVS-09.1'], 'yes', None),
 ('caiq3', 'MOS-02.1', ['UEM-02.1'], 'yes', None),
 ('caiq3', 'MOS-12.1', ['UEM-02.1'], 'yes', 'the answer text prohibits jailbroken devices'),
 ('caiq3', 'MOS-17.2', ['UEM-02.1'], None, 'approved app stores for mobile devices and a BYOD policy; that BYOD users must not use other stores is not stated'),
 ('caiq3', 'SEF-02.2', [], None, None),
 ('caiq3', 'SEF-05.2', [], None, None),
 ('caiq3', 'STA-05.4', ['STA-02.1', 'STA-12.1'], 'yes', 'STA-02.1: contracts with third parties include security provisions; STA-12.1 refers to it'),
 ('caiq3', 'STA-09.2', ['TVM-06.1'], None, 'third-party penetration tests; third-party vulnerability scans are not stated'),
 ('caiq3', 'TVM-03.2', [], None, None),
 ('hecvat', 'COMP-03', [], None, None),
 ('hecvat', 'REQU-04', [], None, None),
 ('hecvat', 'DOCU-04', ['A&A-02.1', 'A&A-04.1'], 'yes', 'ISO 27001 certified, in the answer texts'),
 ('hecvat', 'ITAC-12', [], None, None),
 ('hecvat', 'ITAC-18', [], None, None),
 ('hecvat', 'CONS-09', [], None, None),
 ('hecvat', 'APPL-14', ['IAM-09.1'], 'yes', 'a ticket with manager approval and business justification for employee access'),
 ('hecvat', 'AAAI-18', [], None, 'UEM-06.1 is the endpoint screen lock, not the application session'),
 ('hecvat', 'CHNG-09', [], None, None),
 ('hecvat', 'CHNG-15', ['CCC-08.1'], None, 'exceptions including emergencies are tracked and logged; their authorisation is not stated'),
 ('hecvat', 'DATA-13', ['BCR-08.1'], None, 'backups in several geographic locations; that physical media are moved is not stated'),
 ('hecvat', 'DATA-20', [], None, None),
 ('hecvat', 'DCTR-04', ['DCS-09.1'], 'yes', 'the answer text: AWS facilities staffed 24x7x365'),
 ('hecvat', 'DCTR-12', [], None, None),
 ('hecvat', 'FIDP-08', [], None, 'monitoring and EDR, not host-based intrusion prevention'),
 ('hecvat', 'PPPR-06', ['HRS-01.1'], 'yes', 'employment is contingent on the check'),
 ('hecvat', 'PPPR-12', ['HRS-11.2', 'HRS-11.1'], 'yes', None),
 ('hecvat', 'HFIH-03', ['LOG-03.1'], 'yes', 'alarms go to the teams for immediate action 24x7x365'),
 ('hecvat', 'HIPA-06', [], None, None),
 ('hecvat', 'HIPA-11', [], None, None),
 ('hecvat', 'HIPA-17', [], None, None),
 ('hecvat', 'HIPA-23', [], None, None),
 ('hecvat', 'HIPA-29', [], None, None),
 ('hecvat', 'PCID-10', [], None, None),
 ('hecvat', 'OPEM-05', [], None, None),
 ('hecvat', 'PRGN-03', [], None, None),
 ('hecvat', 'PDOC-03', ['HRS-11.2'], None, 'training within 30 days of hire; offboarding is not stated'),
 ('hecvat', 'PDAT-06', [], None, None),
 ('hecvat', 'PRPO-04', [], None, None),
 ('hecvat', 'PRPO-11', ['DSP-18.1'], 'yes', None),
 ('hecvat', 'INTL-05', [], None, None),
 ('hecvat', 'DRPV-06', ['DSP-16.1'], 'yes', None),
 ('hecvat', 'DRPV-12', [], None, None),
 ('hecvat', 'DPAI-05', [], None, None),
 ('hecvat', 'AIGN-05', [], None, None),
 ('hecvat', 'AIML-06', [], None, None),
 ('hecvat', 'DOCU-01', ['BCR-01.1', 'BCR-06.1'], None, 'documented and tested at least annually; a clear owner is not stated'),
 ('hecvat', 'DOCU-03', ['A&A-02.1', 'A&A-04.1'], 'yes', None),
 ('hecvat', 'DATA-02', ['CEK-03.1'], 'yes', None),
 ('hecvat', 'DATA-03', ['CEK-03.1'], 'yes', None),
 ('hecvat', 'DATA-14', ['BCR-08.2', 'BCR-08.1'], 'yes', None),
 ('hecvat', 'DATA-23', ['CEK-01.1', 'CEK-05.1'], 'yes', None),
 ('hecvat', 'DATA-21', ['IPY-04.1'], None, '90 days at the end of the agreement; bankruptcy or closing is not stated'),
 ('hecvat', 'DCTR-14', ['IAM-14.1'], 'yes', None),
 ('hecvat', 'FIDP-11', ['IVS-09.1', 'LOG-03.1'], 'yes', None),
 ('hecvat', 'PPPR-05', ['AIS-04.1'], 'yes', None),
 ('hecvat', 'PPPR-13', ['IAM-08.1', 'IAM-10.1'], 'yes', None),
 ('hecvat', 'HFIH-01', ['SEF-01.1', 'SEF-02.1', 'SEF-03.1'], 'yes', None),
 ('hecvat', 'VULN-04', ['TVM-06.1', 'A&A-02.1'], 'yes', None),
 ('hecvat', 'THRD-01', ['STA-14.1', 'STA-02.1'], 'yes', None),
]

def split_of(ids):
    """Half of each corpus: items ranked by a hash of their id, alternately tuning / held-out."""
    ranked = sorted(ids, key=lambda i: hashlib.sha1(i.encode()).hexdigest())
    return {i: ('tuning' if k % 2 == 0 else 'held-out') for k, i in enumerate(ranked)}

def item(kind, qid, corpus, passages, choice, note, extra):
    it = {'id': f'{kind}:{qid}@{corpus}', 'questionnaire': FILE[kind], 'questionId': qid, 'question': Q[kind][qid], 'corpus': corpus,
          'choices': CH[kind], 'passages': passages, 'choice': choice, **extra}
    if note: it['note'] = note
    return it

def main():
    s = json.load(open(SET, encoding='utf-8'))
    s['items'] = [i for i in s['items'] if i['corpus'] not in ('lf', 'inst')]
    for i, it in enumerate(s['items']):
        it['split'] = 'tuning' if i % 2 == 0 else 'held-out'
    new = [item(k, q, 'lf', p, c, n, {'pairs': f}) for k, q, p, c, f, n in LF]
    new += [item(k, q, 'inst', [], c, n, {'library': rows}) for k, q, rows, c, n in INST]
    for corpus in ('lf', 'inst'):
        sp = split_of([i['id'] for i in new if i['corpus'] == corpus])
        for i in new:
            if i['corpus'] == corpus: i['split'] = sp[i['id']]
    ids = [i['id'] for i in s['items'] + new]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    s['items'] += new
    s['corpora']['lf'] = {'name': "Langfuse's security and compliance pages (Markdown, printed as plain text to one PDF each; FAQ pages give Q&A pairs)", 'markdown': 'policies/langfuse', 'pairs': True}
    s['corpora']['inst'] = {'name': "Instructure's filled CAIQ v4.0.3 as the answer library (no documents)", 'library': 'questionnaires/instructure/instructure-caiq-v4.0.3-filled.xlsx'}
    json.dump(s, open(SET, 'w', encoding='utf-8'), indent=2, ensure_ascii=False)
    open(SET, 'a').write('\n')
    print(len(new), 'new items;', sum(1 for i in new if i['corpus'] == 'lf'), 'lf,', sum(1 for i in new if i['corpus'] == 'inst'), 'inst')

main()
