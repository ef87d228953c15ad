#pragma once
// Which problem, and where its instance comes from: a generator with its parameters, a file, or a recently
// used file. Each problem kind adds a form of its own generator choices and file types; the size and seed
// rows are shared, the recent files are kept per kind.

#include <QStringList>
#include <QWidget>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "app/gui/instance_source.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QFormLayout;
class QListWidget;
class QSettings;
class QSpinBox;
QT_END_NAMESPACE

namespace ms::studio {

// One kind's part of the instance panel. Its row widgets are children of the panel.
class InstanceForm {
 public:
  virtual ~InstanceForm() = default;

  virtual QString title() const = 0;  // in the problem choice: "assignment (LAP)"
  // (label, field) rows shown under the problem choice while this kind is chosen.
  virtual std::vector<std::pair<QString, QWidget*>> rows() const = 0;
  virtual InstanceSource generatorSource(int32_t n, uint64_t seed) const = 0;
  virtual InstanceSource fileSource(const QString& path) const = 0;
  virtual QString fileDialogTitle() const = 0;
  virtual QString fileFilter() const = 0;
  virtual QString recentFilesKey() const = 0;  // settings key of this kind's recent files
  virtual void saveSettings(QSettings& settings) const = 0;
  virtual void restoreSettings(const QSettings& settings) = 0;
};

class InstancePanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kRecentFileCount = 8;

  explicit InstancePanel(QWidget* parent = nullptr);
  ~InstancePanel() override;

  void addKind(ProblemKind kind, std::unique_ptr<InstanceForm> form);
  ProblemKind problemKind() const;
  QString problemTitle() const;  // of the chosen kind: "weighted matching"
  void setProblemKind(ProblemKind kind);
  InstanceSource currentGeneratorSource() const;  // of the chosen problem kind
  // A loaded instance's source: a file joins the kind's recent files (most recent first, without
  // duplicates), a generated instance's n and seed go into the form.
  void sourceLoaded(ProblemKind kind, const QString& file, int32_t n, uint64_t seed);
  QStringList recentFiles() const;  // of the chosen kind

  void saveSettings(QSettings& settings) const;
  void restoreSettings(const QSettings& settings);

 signals:
  void sourceRequested(const ms::studio::InstanceSource& source);
  void problemKindChanged(ms::studio::ProblemKind kind);

 private:
  struct Kind {
    std::unique_ptr<InstanceForm> form;
    QStringList recentFiles;
  };

  const Kind& chosen() const;
  void openFileDialog();
  void refreshRecentList();
  void showProblemKind();

  QFormLayout* form_;
  QComboBox* problem_;
  QSpinBox* size_;
  QSpinBox* seed_;
  QListWidget* recentList_;
  std::map<ProblemKind, Kind> kinds_;
};

}  // namespace ms::studio
